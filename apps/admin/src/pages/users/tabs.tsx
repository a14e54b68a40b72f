import {
  cardFieldLabels,
  cardStatusTable,
  payeeChannelTable,
  settlementStatusTable,
  withdrawalStatusTable,
  type AdminCard,
  type AdminReferral,
  type AdminWithdrawal,
} from '@maika/shared';
import { useTable } from '@refinedev/antd';
import { useGo, useTranslate, type HttpError } from '@refinedev/core';
import { Table, Tag, Typography } from 'antd';
import { DateTime, EnumTag, Money, settlementStatusColors, useLocale, withdrawalStatusColors } from '../../components/display';
import { UserFrozenTag } from '../withdrawals/list';

interface LedgerEntry {
  id: number;
  reason: string;
  ref: string | null;
  counterAccount: string;
  amountFen: number;
  pending: boolean;
  resolution: string | null;
  createdAt: string;
}

/** Lists about one user, each from the resource's own list filtered by the user. */
export function UserCards({ userId }: { userId: number }) {
  const t = useTranslate();
  const locale = useLocale();
  const { tableProps } = useTable<AdminCard, HttpError>({
    resource: 'cards',
    syncWithLocation: false,
    filters: { permanent: [{ field: 'userId', operator: 'eq', value: userId }] },
  });
  return (
    <Table {...tableProps} rowKey="id" size="small">
      <Table.Column<AdminCard> dataIndex="orderNo" title={t('cards.orderNo')} />
      <Table.Column<AdminCard> dataIndex="goodsName" title={t('cards.goods')} />
      <Table.Column<AdminCard>
        dataIndex="cardNoMasked"
        title={cardFieldLabels.cardNo[locale]}
        render={(v: string) => <Typography.Text code>{v}</Typography.Text>}
      />
      <Table.Column<AdminCard> dataIndex="declaredFaceValueFen" title={t('cards.declared')} render={(v: number) => <Money fen={v} />} />
      <Table.Column<AdminCard> dataIndex="settlementFen" title={t('cards.settlement')} render={(v: number | null) => <Money fen={v} />} />
      <Table.Column<AdminCard>
        dataIndex="status"
        title={t('common.status')}
        render={(v: number) => <EnumTag table={cardStatusTable} code={v} />}
      />
      <Table.Column<AdminCard>
        dataIndex="settlementStatus"
        title={t('cards.settlementStatus')}
        render={(v: number) => <EnumTag table={settlementStatusTable} code={v} colors={settlementStatusColors} />}
      />
      <Table.Column<AdminCard> dataIndex="createdAt" title={t('common.createdAt')} render={(v: string) => <DateTime value={v} />} />
    </Table>
  );
}

export function UserWithdrawals({ userId }: { userId: number }) {
  const t = useTranslate();
  const go = useGo();
  const { tableProps } = useTable<AdminWithdrawal, HttpError>({
    resource: 'withdrawals',
    syncWithLocation: false,
    filters: { permanent: [{ field: 'userId', operator: 'eq', value: userId }] },
  });
  return (
    <Table
      {...tableProps}
      rowKey="id"
      size="small"
      onRow={(w) => ({ onClick: () => go({ to: { resource: 'withdrawals', action: 'show', id: w.id } }), style: { cursor: 'pointer' } })}
    >
      <Table.Column<AdminWithdrawal> dataIndex="orderNo" title={t('withdrawals.orderNo')} />
      <Table.Column<AdminWithdrawal>
        dataIndex="amountFen"
        title={t('withdrawals.amount')}
        render={(v: number) => <Money fen={v} strong />}
      />
      <Table.Column<AdminWithdrawal>
        dataIndex="channel"
        title={t('withdrawals.channel')}
        render={(v: number) => <EnumTag table={payeeChannelTable} code={v} />}
      />
      <Table.Column<AdminWithdrawal>
        dataIndex="status"
        title={t('common.status')}
        render={(v: number, w) => (
          <>
            <EnumTag table={withdrawalStatusTable} code={v} colors={withdrawalStatusColors} />
            <UserFrozenTag record={w} />
          </>
        )}
      />
      <Table.Column<AdminWithdrawal> dataIndex="createdAt" title={t('common.createdAt')} render={(v: string) => <DateTime value={v} />} />
    </Table>
  );
}

export function UserReferrals({ userId }: { userId: number }) {
  const t = useTranslate();
  const { tableProps } = useTable<AdminReferral, HttpError>({
    resource: 'referrals',
    syncWithLocation: false,
    filters: { permanent: [{ field: 'referrerId', operator: 'eq', value: userId }] },
  });
  return (
    <Table {...tableProps} rowKey="refereeId" size="small">
      <Table.Column<AdminReferral> dataIndex="refereePhone" title={t('users.referee')} />
      <Table.Column<AdminReferral> dataIndex="refereeNickname" title={t('users.nickname')} />
      <Table.Column<AdminReferral> dataIndex="cardCount" title={t('users.cardCount')} />
      <Table.Column<AdminReferral> dataIndex="rebateFen" title={t('users.rebate')} render={(v: number) => <Money fen={v} />} />
      <Table.Column<AdminReferral> dataIndex="joinedAt" title={t('users.joinedAt')} render={(v: string) => <DateTime value={v} />} />
    </Table>
  );
}

export function UserLedger({ userId }: { userId: number }) {
  const t = useTranslate();
  const { tableProps } = useTable<LedgerEntry, HttpError>({ resource: `users/${userId}/ledger`, syncWithLocation: false });
  return (
    <Table {...tableProps} rowKey="id" size="small">
      <Table.Column<LedgerEntry> dataIndex="createdAt" title={t('common.time')} render={(v: string) => <DateTime value={v} />} />
      <Table.Column<LedgerEntry>
        dataIndex="reason"
        title={t('ledger.reason')}
        render={(v: string) => <Tag>{t(`ledger.reasons.${v.replace(/\./g, '_')}`, undefined, v)}</Tag>}
      />
      <Table.Column<LedgerEntry>
        dataIndex="amountFen"
        title={t('ledger.amount')}
        align="right"
        render={(v: number) => <Money fen={v} sign />}
      />
      <Table.Column<LedgerEntry>
        dataIndex="counterAccount"
        title={t('ledger.counterAccount')}
        render={(v: string) => <Typography.Text type="secondary">{v}</Typography.Text>}
      />
      <Table.Column<LedgerEntry> dataIndex="ref" title={t('ledger.ref')} render={(v: string | null) => v ?? '—'} />
      <Table.Column<LedgerEntry>
        title={t('ledger.state')}
        render={(_, e) =>
          e.pending ? (
            <Tag color="processing">{t('ledger.pending')}</Tag>
          ) : e.resolution ? (
            <Tag>{e.resolution}</Tag>
          ) : (
            <Tag color="green">{t('ledger.posted')}</Tag>
          )
        }
      />
    </Table>
  );
}
