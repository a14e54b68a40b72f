import {
  payeeChannelTable,
  withdrawalCalls,
  withdrawalStatusTable,
  WithdrawalStatus,
  type AdminCall,
  type AdminWithdrawalDetail,
} from '@maika/shared';
import { Show } from '@refinedev/antd';
import { useGetIdentity, useShow, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Table, Typography } from 'antd';
import { ActionModalButton } from '../../components/ActionModalButton';
import { DateTime, EnumTag, Money, withdrawalStatusColors } from '../../components/display';
import { useAction } from '../../components/useAction';
import type { AdminIdentity } from '../../providers/authProvider';
import { useCanDo } from '../../components/useCanDo';
import { ApprovalProgress, heldByFreeze, UserFrozenTag } from './list';

const open: readonly number[] = [WithdrawalStatus.Unpaid, WithdrawalStatus.Repay];

function WithdrawalActions({ w }: { w: AdminWithdrawalDetail }) {
  const t = useTranslate();
  const { runCall, isPending } = useAction(['withdrawals']);
  const act = (call: AdminCall, body: object = {}) => runCall(call, { id: w.id }, body);
  const isOpen = open.includes(w.status);
  const { data: me } = useGetIdentity<AdminIdentity>();
  // One finance account gives one of the approvals a large withdrawal needs: the button is not offered twice.
  const approvedByMe = !!me && w.approvals.some((a) => a.adminId === me.id && a.attempt === w.attempt);
  // A channel with a payout provider is paid by it once approved: never by hand (the server refuses it too).
  const offline = isOpen && !!w.approvedAt && !w.provider && !w.autoPayout;
  // The approval's notice says where the withdrawal now stands: one more approver, the provider, or finance's transfer.
  const approvedNotice = (after: AdminWithdrawalDetail) =>
    !after.approvedAt
      ? t('withdrawals.approvedNeedsMore', { count: after.approvalCount, required: after.approvalsRequired })
      : after.autoPayout
        ? t('withdrawals.approvedQueued')
        : t('withdrawals.approvedPayOffline');
  return (
    <Space wrap>
      {isOpen && !w.approvedAt && approvedByMe && (
        <Typography.Text type="secondary" data-testid="approved-by-you">
          {t('withdrawals.approvedByYou')}
        </Typography.Text>
      )}
      {isOpen && !w.approvedAt && !approvedByMe && (
        <Popconfirm
          title={t('withdrawals.approveConfirm')}
          onConfirm={() => runCall<AdminWithdrawalDetail>(withdrawalCalls.approve, { id: w.id }, {}, approvedNotice)}
        >
          <Button type="primary" loading={isPending}>
            {t('withdrawals.approve')}
          </Button>
        </Popconfirm>
      )}
      {isOpen && (
        <ActionModalButton
          label={t('withdrawals.reject')}
          title={t('withdrawals.rejectTitle')}
          button={{ danger: true }}
          onSubmit={(v) => act(withdrawalCalls.reject, v)}
        />
      )}
      {offline && (
        <Popconfirm title={t('withdrawals.offlinePaidConfirm')} onConfirm={() => act(withdrawalCalls.offlinePaid)}>
          <Button>{t('withdrawals.offlinePaid')}</Button>
        </Popconfirm>
      )}
      {offline && (
        <ActionModalButton
          label={t('withdrawals.offlineFailed')}
          title={t('withdrawals.offlineFailed')}
          button={{ danger: true }}
          onSubmit={(v) => act(withdrawalCalls.offlineFailed, v)}
        />
      )}
      {w.status === WithdrawalStatus.PaymentFailed && (
        <Popconfirm title={t('withdrawals.retryConfirm')} onConfirm={() => act(withdrawalCalls.retry)}>
          <Button>{t('withdrawals.retry')}</Button>
        </Popconfirm>
      )}
    </Space>
  );
}

export function WithdrawalShow() {
  const t = useTranslate();
  const canWrite = useCanDo('withdrawals', 'approve');
  const { query } = useShow<AdminWithdrawalDetail>();
  const w = query.data?.data;
  const waitingSecond = w && !w.approvedAt && w.approvalsRequired > 1 && w.approvalCount > 0 && open.includes(w.status);
  return (
    <Show
      isLoading={query.isLoading}
      headerButtons={w && canWrite ? <WithdrawalActions w={w} /> : null}
      title={w ? `${t('withdrawals.title')} ${w.orderNo}` : undefined}
    >
      {query.isError && <Result status="warning" title={query.error.message} />}
      {w && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {waitingSecond && (
            <Alert
              type="warning"
              showIcon
              data-testid="second-approval"
              message={t('withdrawals.needsSecond', { count: w.approvalCount, required: w.approvalsRequired })}
            />
          )}
          {heldByFreeze(w) && <Alert type="error" showIcon data-testid="user-frozen-held" message={t('withdrawals.userFrozenHeld')} />}
          {w.failReason && <Alert type="error" showIcon message={`${t('withdrawals.failReason')}: ${w.failReason}`} />}
          <Card title={t('withdrawals.summary')}>
            <Descriptions column={3} bordered size="small">
              <Descriptions.Item label={t('common.status')}>
                <Space size={4}>
                  <EnumTag table={withdrawalStatusTable} code={w.status} colors={withdrawalStatusColors} />
                  <UserFrozenTag record={w} />
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.amount')}>
                <Money fen={w.amountFen} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.fee')}>
                <Money fen={w.feeFen} />
              </Descriptions.Item>
              <Descriptions.Item label={t('common.user')}>
                {w.userPhone} (#{w.userId})
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.approvals')}>
                <ApprovalProgress record={w} />
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.attempt')}>{w.attempt}</Descriptions.Item>
              <Descriptions.Item label={t('common.createdAt')}>
                <DateTime value={w.createdAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.paidAt')}>
                <DateTime value={w.paidAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.outBizNo')}>
                <Typography.Text copyable>{w.outBizNo}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.provider')}>{w.provider ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.providerRef')} span={2}>
                {w.providerRef ?? '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('withdrawals.payee')}>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label={t('withdrawals.channel')}>
                <EnumTag table={payeeChannelTable} code={w.channel} />
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.payeeName')}>{w.payeeFullName}</Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.payeeAccount')}>
                <Typography.Text copyable>{w.payeeFullAccount}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('withdrawals.bank')}>
                {[w.bankName, w.branch].filter(Boolean).join(' · ') || '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('withdrawals.approvalLog')}>
            <Table size="small" rowKey={(a) => `${a.adminId}-${a.attempt}`} dataSource={w.approvals} pagination={false}>
              <Table.Column dataIndex="adminName" title={t('withdrawals.approver')} />
              <Table.Column dataIndex="attempt" title={t('withdrawals.attempt')} />
              <Table.Column dataIndex="createdAt" title={t('common.time')} render={(v: string) => <DateTime value={v} />} />
            </Table>
          </Card>
        </Space>
      )}
    </Show>
  );
}
