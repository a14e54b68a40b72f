import { auditActionLabels, auditActions, isAuditAction, labelOf, messageChannelTable, payeeChannelTable } from '@maika/shared';
import { List, getDefaultFilter, useSelect, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Select, Space, Table, Tag } from 'antd';
import { Clip, DateTime, useLocale } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';

interface AuditEntry {
  id: number;
  adminId: number | null;
  adminUsername: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: unknown;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

const actionColor = (action: string) =>
  action.includes('reject') || action.includes('Failed') || action.includes('freeze')
    ? 'red'
    : action.includes('approve') || action.includes('Paid')
      ? 'green'
      : action.includes('reveal')
        ? 'purple'
        : 'blue';

/** What an entry is about, in the reader's words: "提现 #2", "设置：打款限额". */
function useTargetLabel() {
  const t = useTranslate();
  const locale = useLocale();
  return ({ targetType: type, targetId: id }: Pick<AuditEntry, 'targetType' | 'targetId'>): string | null => {
    if (!type) return null;
    const raw = `${type} #${id}`;
    const name =
      type === 'settings'
        ? t(`audit.settingNames.${id}`, undefined, id ?? '')
        : type === 'export'
          ? t(`audit.exportNames.${id}`, undefined, id ?? '')
          : type === 'withdrawalChannel'
            ? labelOf(payeeChannelTable, Number(id), locale)
            : type === 'messageChannel'
              ? labelOf(messageChannelTable, Number(id), locale)
              : undefined;
    return t(`audit.targets.${type}`, { id, name }, raw);
  };
}

/** Who did what, when and from where; every admin write leaves a line, with secrets removed. */
export function AuditList() {
  const t = useTranslate();
  const locale = useLocale();
  /** An action's label in the reader's words; an action this console does not know, as the server named it. */
  const actionLabel = (action: string) => (isAuditAction(action) ? auditActionLabels[action][locale] : action);
  const targetLabel = useTargetLabel();
  const { tableProps, searchFormProps, filters } = useTable<AuditEntry, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
  });
  const { selectProps: admins } = useSelect({
    resource: 'admins',
    optionLabel: 'username',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  return (
    <List>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: { adminId: numberFilter('adminId', filters), action: getDefaultFilter('action', filters) },
        }}
        dateRange
      >
        <Form.Item {...numericField} name="adminId" label={t('audit.who')}>
          <Select {...admins} allowClear placeholder={t('common.all')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('audit.actionPlaceholder')}
            style={{ width: 200 }}
            options={auditActions.map((action) => ({ value: action, label: actionLabel(action) }))}
          />
        </Form.Item>
      </FilterBar>
      <Table
        {...tableProps}
        rowKey="id"
        tableLayout="fixed"
        expandable={{
          expandedRowRender: (e) => (
            <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{JSON.stringify(e.detail, null, 2)}</pre>
          ),
          rowExpandable: (e) => e.detail !== null && e.detail !== undefined,
        }}
      >
        <Table.Column<AuditEntry>
          dataIndex="createdAt"
          width={180}
          title={t('audit.when')}
          render={(v: string) => <DateTime value={v} />}
        />
        <Table.Column<AuditEntry>
          dataIndex="adminUsername"
          width={130}
          title={t('audit.who')}
          render={(v: string | null) => <Clip text={v} strong />}
        />
        <Table.Column<AuditEntry>
          dataIndex="action"
          width={170}
          title={t('audit.action')}
          render={(v: string) => <Tag color={actionColor(v)}>{actionLabel(v)}</Tag>}
        />
        <Table.Column<AuditEntry> width={180} title={t('audit.target')} render={(_, e) => <Clip text={targetLabel(e)} />} />
        <Table.Column<AuditEntry>
          title={t('audit.from')}
          render={(_, e) => (
            <Space direction="vertical" size={0} style={{ width: '100%', maxWidth: 420 }}>
              <Clip text={e.ip} />
              <Clip text={e.userAgent} type="secondary" />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
