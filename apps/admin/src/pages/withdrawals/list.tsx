import { FILTER_ALL, payeeChannelTable, withdrawalStatusTable, WithdrawalStatus, type AdminWithdrawal } from '@maika/shared';
import { List, ShowButton, useTable, getDefaultFilter } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { CsvExportButton } from '../../components/CsvExportButton';
import { Clip, DateTime, EnumTag, Money, useLocale, withdrawalStatusColors } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';
import { filtersToQuery } from '../../providers/dataProvider';
import { useCanDo } from '../../components/useCanDo';
import { PayoutLimitsBar } from './PayoutLimits';

/** What a freeze holds: not yet paid (no approval, payment or payout), or failed (no retry). */
const heldStatuses: readonly number[] = [WithdrawalStatus.Unpaid, WithdrawalStatus.Repay, WithdrawalStatus.PaymentFailed];
export const heldByFreeze = (w: Pick<AdminWithdrawal, 'userFrozen' | 'status'>) => w.userFrozen && heldStatuses.includes(w.status);

export function ApprovalProgress({ record }: { record: Pick<AdminWithdrawal, 'approvalsRequired' | 'approvalCount' | 'approvedAt'> }) {
  const t = useTranslate();
  if (record.approvalsRequired === 0) return <Tag>{t('withdrawals.autoApproved')}</Tag>;
  if (record.approvedAt) return <Tag color="green">{t('withdrawals.approved')}</Tag>;
  return (
    <Tag color="orange" data-testid="approval-pending">
      {t('withdrawals.approvalPending', { count: record.approvalCount, required: record.approvalsRequired })}
    </Tag>
  );
}

/** Why an open withdrawal does not move: its user is frozen (the server refuses to pay it until the unfreeze). */
export function UserFrozenTag({ record }: { record: Pick<AdminWithdrawal, 'userFrozen' | 'status'> }) {
  const t = useTranslate();
  if (!heldByFreeze(record)) return null;
  return (
    <Tag color="red" data-testid="user-frozen">
      {t('withdrawals.userFrozen')}
    </Tag>
  );
}

export function WithdrawalList() {
  const t = useTranslate();
  const locale = useLocale();
  const canExport = useCanDo('withdrawals', 'export');
  const { tableProps, searchFormProps, filters } = useTable<AdminWithdrawal, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
    filters: { initial: [{ field: 'status', operator: 'eq', value: FILTER_ALL }] },
  });
  return (
    <List
      headerButtons={
        <Space>
          <PayoutLimitsBar />
          {canExport && <CsvExportButton name="withdrawals" query={filtersToQuery(filters)} />}
        </Space>
      }
    >
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: { status: numberFilter('status', filters) ?? FILTER_ALL, phone: getDefaultFilter('phone', filters) },
        }}
        dateRange
      >
        <Form.Item {...numericField} name="status" label={t('common.status')}>
          <Select style={{ width: 160 }} options={withdrawalStatusTable.entries.map((e) => ({ value: e.code, label: e.label[locale] }))} />
        </Form.Item>
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 180 }} />
        </Form.Item>
      </FilterBar>
      {/* Fits a 1280 px window beside the menu: the channel rides with the payee and the fee with the amount. */}
      <Table {...tableProps} rowKey="id" size="middle" tableLayout="fixed" scroll={{ x: 1020 }}>
        <Table.Column<AdminWithdrawal>
          dataIndex="orderNo"
          width={210}
          title={t('withdrawals.orderNo')}
          render={(v: string) => <Clip text={v} mono copyable />}
        />
        <Table.Column<AdminWithdrawal>
          dataIndex="userPhone"
          width={136}
          title={t('common.user')}
          render={(v: string | null) => <Clip text={v} />}
        />
        <Table.Column<AdminWithdrawal>
          dataIndex="amountFen"
          width={120}
          title={t('withdrawals.amount')}
          align="right"
          render={(v: number, r) => (
            <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
              <Money fen={v} strong />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('withdrawals.fee')} <Money fen={r.feeFen} />
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<AdminWithdrawal>
          title={t('withdrawals.payee')}
          render={(_, r) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
                <EnumTag table={payeeChannelTable} code={r.channel} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Clip text={r.payeeName} />
                </div>
              </div>
              <Clip text={r.payeeAccount} type="secondary" />
            </Space>
          )}
        />
        <Table.Column<AdminWithdrawal>
          dataIndex="status"
          width={104}
          title={t('common.status')}
          render={(v: number, r) => (
            <Space direction="vertical" size={4}>
              <EnumTag table={withdrawalStatusTable} code={v} colors={withdrawalStatusColors} />
              <UserFrozenTag record={r} />
            </Space>
          )}
        />
        <Table.Column<AdminWithdrawal> width={140} title={t('withdrawals.approvals')} render={(_, r) => <ApprovalProgress record={r} />} />
        <Table.Column<AdminWithdrawal>
          dataIndex="createdAt"
          width={108}
          title={t('common.createdAt')}
          render={(v: string) => <DateTime value={v} stacked />}
        />
        <Table.Column<AdminWithdrawal>
          fixed="right"
          width={72}
          title={t('table.actions')}
          render={(_, r) => <ShowButton hideText size="small" recordItemId={r.id} />}
        />
      </Table>
    </List>
  );
}
