import {
  adminRoleTable,
  approvalCalls,
  formatFen,
  formatRateBp,
  isOperatorApprovalKind,
  secondApprovalDeciders,
  type AdminSecondApproval,
  type AnswerOf,
  type approvalContract,
} from '@maika/shared';
import { List, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { App, Button, Form, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { ActionModalButton } from '../../components/ActionModalButton';
import { Clip, DateTime, Money, useLocale } from '../../components/display';
import { FilterBar, toFilters } from '../../components/filters';
import { useAction } from '../../components/useAction';
import { profileStore } from '../../providers/authProvider';
import { useAccountChangeResult } from '../system/accountChange';

const statusColors: Record<AdminSecondApproval['status'], string> = { pending: 'gold', approved: 'success', declined: 'default' };
const kindColors: Record<'card' | 'ledger' | 'admin', string> = { card: 'blue', ledger: 'purple', admin: 'geekblue' };
const kindKey = (kind: AdminSecondApproval['kind']) => kind.replace('.', '_');

function Decision({ request }: { request: AdminSecondApproval }) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const locale = useLocale();
  const { runCall } = useAction(['approvals', 'cards', 'users', 'admins']);
  const showResult = useAccountChangeResult();
  const me = profileStore.get();
  if (request.status !== 'pending' || !me || !secondApprovalDeciders[request.kind].includes(me.role)) return null;
  const mine = request.requestedBy === me.id;
  const role = request.operator?.role ? (adminRoleTable.byKey(request.operator.role)?.label[locale] ?? request.operator.role) : '';
  const approve = () =>
    modal.confirm({
      title: t('approvals.approveTitle', { id: request.id }),
      // A disabling that also demotes says so, so the decider sees the whole change.
      content: t(`approvals.effect.${request.kind === 'admin.disable' && role ? 'admin_disableRole' : kindKey(request.kind)}`, {
        amount: formatFen(request.amountFen),
        name: request.operator?.username ?? '',
        role,
      }),
      okText: t('buttons.confirm'),
      cancelText: t('buttons.cancel'),
      // A creation or a password reset answers the set-up link, shown this once to the approver.
      onOk: async () => showResult(await runCall<AnswerOf<typeof approvalContract.approve>>(approvalCalls.approve, { id: request.id })),
    });
  return (
    <Space size={4}>
      <Tooltip title={mine ? t('approvals.yours') : undefined}>
        <Button type="primary" size="small" disabled={mine} onClick={approve}>
          {t('approvals.approve')}
        </Button>
      </Tooltip>
      <ActionModalButton
        label={t('approvals.decline')}
        title={t('approvals.declineTitle', { id: request.id })}
        button={{ danger: true, size: 'small' }}
        onSubmit={(v) => runCall(approvalCalls.decline, { id: request.id }, { reason: v.reason.trim() })}
      />
    </Space>
  );
}

/** Decisions on money and on operator accounts waiting for a second, different operator, with who asked. */
export function ApprovalList() {
  const t = useTranslate();
  const { tableProps, searchFormProps, filters } = useTable<AdminSecondApproval, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'pending' }] },
  });
  return (
    <List>
      <Typography.Paragraph type="secondary">{t('approvals.intro')}</Typography.Paragraph>
      <FilterBar formProps={{ ...searchFormProps, initialValues: { status: getDefaultFilter('status', filters) ?? 'pending' } }}>
        <Form.Item name="status" label={t('common.status')}>
          <Select
            style={{ width: 140 }}
            options={(['pending', 'approved', 'declined', 'all'] as const).map((s) => ({ value: s, label: t(`approvals.status.${s}`) }))}
          />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" tableLayout="fixed" scroll={{ x: 1180 }}>
        <Table.Column<AdminSecondApproval> dataIndex="id" title="ID" width={64} />
        <Table.Column<AdminSecondApproval>
          dataIndex="kind"
          width={100}
          title={t('approvals.kind')}
          render={(k: AdminSecondApproval['kind']) => (
            <Tag color={kindColors[k.split('.')[0] as keyof typeof kindColors]}>{t(`approvals.kinds.${kindKey(k)}`)}</Tag>
          )}
        />
        <Table.Column<AdminSecondApproval>
          dataIndex="targetId"
          width={110}
          title={t('approvals.target')}
          render={(id: number, r) =>
            isOperatorApprovalKind(r.kind) ? (
              <Link to="/admins">{t('approvals.operator', { name: r.operator?.username ?? id })}</Link>
            ) : r.kind === 'ledger.adjust' ? (
              <Link to={`/users/show/${id}`}>{t('approvals.user', { id })}</Link>
            ) : (
              t('approvals.card', { id })
            )
          }
        />
        <Table.Column<AdminSecondApproval>
          dataIndex="amountFen"
          width={110}
          title={t('approvals.amount')}
          render={(fen: number, r) =>
            isOperatorApprovalKind(r.kind) ? (
              '—'
            ) : (
              <Space direction="vertical" size={0}>
                <Money fen={fen} strong />
                {r.settlementRateBp !== null && (
                  <Typography.Text type="secondary" data-testid="settlement-rate">
                    {t('approvals.rate', { rate: formatRateBp(r.settlementRateBp) })}
                  </Typography.Text>
                )}
              </Space>
            )
          }
        />
        <Table.Column<AdminSecondApproval>
          title={t('approvals.faceValue')}
          width={140}
          render={(_, r) =>
            r.actualFaceValueFen === null ? (
              '—'
            ) : (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <span>{formatFen(r.actualFaceValueFen)}</span>
                <Clip text={t('approvals.declared', { value: formatFen(r.declaredFaceValueFen ?? 0) })} type="secondary" />
              </Space>
            )
          }
        />
        <Table.Column<AdminSecondApproval> dataIndex="reason" title={t('common.reason')} render={(v: string | null) => <Clip text={v} />} />
        <Table.Column<AdminSecondApproval>
          width={120}
          title={t('approvals.requestedBy')}
          render={(_, r) => (
            <Space direction="vertical" size={0}>
              <strong data-testid="requested-by">{r.requestedByName}</strong>
              <DateTime value={r.createdAt} stacked />
            </Space>
          )}
        />
        <Table.Column<AdminSecondApproval>
          dataIndex="status"
          width={116}
          title={t('common.status')}
          render={(s: AdminSecondApproval['status'], r) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Tag color={statusColors[s]}>{t(`approvals.status.${s}`)}</Tag>
              {r.decidedByName && <Clip text={r.decidedByName} type="secondary" />}
              {r.declineReason && <Clip text={r.declineReason} type="secondary" />}
            </Space>
          )}
        />
        <Table.Column<AdminSecondApproval>
          title={t('table.actions')}
          width={150}
          fixed="right"
          render={(_, r) => <Decision request={r} />}
        />
      </Table>
    </List>
  );
}
