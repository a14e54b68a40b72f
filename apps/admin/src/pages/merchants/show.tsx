import { merchantCalls, merchantStatusTable, MerchantStatus, type AdminMerchantDetail, type MerchantKey } from '@maika/shared';
import { Show } from '@refinedev/antd';
import { useGo, useShow, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ActionModalButton } from '../../components/ActionModalButton';
import { DateTime, EnumTag, useLocale } from '../../components/display';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';
import { UserCards } from '../users/tabs';
import { MerchantCallbacks } from './callbacks';
import { MerchantRates } from './rates';

/** The decisions an operator can take from each status; the server refuses any other (2112). */
function MerchantActions({ merchant }: { merchant: AdminMerchantDetail }) {
  const t = useTranslate();
  const { runCall, isPending } = useAction(['merchants']);
  const id = merchant.id;
  const canApprove = useCanDo('merchants', 'approve');
  const canRefuse = useCanDo('merchants', 'refuse');
  const canSuspend = useCanDo('merchants', 'suspend');
  const canReinstate = useCanDo('merchants', 'reinstate');
  const waiting = merchant.status === MerchantStatus.Waiting;
  return (
    <Space>
      {canApprove && waiting && (
        <Popconfirm
          title={t('merchants.approveConfirm', { name: merchant.name })}
          description={t('merchants.approveHint')}
          onConfirm={() => runCall(merchantCalls.approve, { id })}
        >
          <Button type="primary" loading={isPending}>
            {t('merchants.approve')}
          </Button>
        </Popconfirm>
      )}
      {canRefuse && waiting && (
        <ActionModalButton
          label={t('merchants.refuse')}
          title={t('merchants.refuseTitle', { name: merchant.name })}
          button={{ danger: true }}
          onSubmit={(v) => runCall(merchantCalls.refuse, { id }, { reason: v.reason.trim() })}
        />
      )}
      {canSuspend && merchant.status === MerchantStatus.Approved && (
        <ActionModalButton
          label={t('merchants.suspend')}
          title={t('merchants.suspendTitle', { name: merchant.name })}
          button={{ danger: true }}
          onSubmit={(v) => runCall(merchantCalls.suspend, { id }, { reason: v.reason.trim() })}
        />
      )}
      {canReinstate && merchant.status === MerchantStatus.Suspended && (
        <Popconfirm
          title={t('merchants.reinstateConfirm', { name: merchant.name })}
          onConfirm={() => runCall(merchantCalls.reinstate, { id })}
        >
          <Button loading={isPending}>{t('merchants.reinstate')}</Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** A merchant's keys as listed: their ids and use, never a secret (the merchant saw it once). */
function MerchantKeys({ keys }: { keys: readonly MerchantKey[] }) {
  const t = useTranslate();
  return (
    <Table size="small" rowKey="keyId" dataSource={[...keys]} pagination={false} locale={{ emptyText: t('merchants.noKeys') }}>
      <Table.Column<MerchantKey>
        dataIndex="keyId"
        title={t('merchants.keyId')}
        render={(v: string) => <Typography.Text code>{v}</Typography.Text>}
      />
      <Table.Column<MerchantKey>
        dataIndex="revoked"
        title={t('common.status')}
        render={(v: boolean) => (v ? <Tag>{t('merchants.keyRevoked')}</Tag> : <Tag color="green">{t('merchants.keyActive')}</Tag>)}
      />
      <Table.Column<MerchantKey> dataIndex="createdAt" title={t('common.createdAt')} render={(v: string) => <DateTime value={v} />} />
      <Table.Column<MerchantKey>
        dataIndex="lastUsedAt"
        title={t('merchants.lastUsedAt')}
        render={(v: string | null) =>
          v ? <DateTime value={v} /> : <Typography.Text type="secondary">{t('merchants.neverUsed')}</Typography.Text>
        }
      />
      <Table.Column<MerchantKey>
        dataIndex="revokedAt"
        title={t('merchants.revokedAt')}
        render={(v: string | null) => <DateTime value={v} />}
      />
    </Table>
  );
}

/** One merchant: its application and decision, its keys, its rates, its callbacks and the cards it sold. */
export function MerchantShow() {
  const t = useTranslate();
  const locale = useLocale();
  const go = useGo();
  const { query } = useShow<AdminMerchantDetail>();
  const m = query.data?.data;
  const canCards = useCanDo('cards', 'list');
  if (query.isError)
    return (
      <Show>
        <Result status="warning" title={query.error.message} />
      </Show>
    );
  if (!m) return <Show isLoading />;
  const tabs = [
    { key: 'keys', label: t('merchants.keys'), children: <MerchantKeys keys={m.keys} /> },
    { key: 'rates', label: t('merchants.rates'), children: <MerchantRates merchantId={m.id} /> },
    { key: 'callbacks', label: t('merchants.callbacks'), children: <MerchantCallbacks merchantId={m.id} /> },
    canCards && { key: 'cards', label: t('users.cards'), children: <UserCards userId={m.userId} /> },
  ].filter((tab): tab is { key: string; label: string; children: JSX.Element } => !!tab);
  return (
    <Show title={`${t('resources.merchants')} · ${m.name}`} headerButtons={<MerchantActions merchant={m} />}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {m.status === MerchantStatus.Waiting && <Alert type="info" showIcon message={t('merchants.waitingNotice')} />}
        {m.reason && m.status !== MerchantStatus.Waiting && (
          <Alert
            type={m.status === MerchantStatus.Approved ? 'info' : 'warning'}
            showIcon
            message={`${t('merchants.latestReason')}: ${m.reason}`}
          />
        )}
        <Card>
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label={t('merchants.name')}>{m.name}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <EnumTag table={merchantStatusTable} code={m.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.activeKeys')}>{m.activeKeys}</Descriptions.Item>
            <Descriptions.Item label={t('merchants.contact')}>{m.contact}</Descriptions.Item>
            <Descriptions.Item label={t('common.user')}>
              <a onClick={() => go({ to: { resource: 'users', action: 'show', id: m.userId } })}>{m.phone ?? `#${m.userId}`}</a>
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.monthlyVolume')}>{m.monthlyVolume.toLocaleString(locale)}</Descriptions.Item>
            <Descriptions.Item label={t('merchants.appliedAt')}>
              <DateTime value={m.appliedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.decidedAt')}>
              <DateTime value={m.decidedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('merchants.decidedBy')}>{m.decidedBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('merchants.notifyUrl')} span={3}>
              {m.notifyUrl ? (
                <Typography.Text copyable>{m.notifyUrl}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card>
          <Tabs items={tabs} destroyOnHidden />
        </Card>
      </Space>
    </Show>
  );
}
