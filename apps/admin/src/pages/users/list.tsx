import { accountStatusTable } from '@maika/shared';
import { List, ShowButton, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { CsvExportButton } from '../../components/CsvExportButton';
import { DateTime, EnumTag, Money, accountStatusColors, enumOptions, useLocale } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';
import { useCanDo } from '../../components/useCanDo';
import { filtersToQuery } from '../../providers/dataProvider';

export interface AdminUserRow {
  id: number;
  phone: string | null;
  nickname: string;
  status: number;
  verified: boolean;
  referrerId: number | null;
  createdAt: string;
  availableFen: number;
}

export function VerifiedTag({ verified }: { verified: boolean }) {
  const t = useTranslate();
  return verified ? <Tag color="green">{t('users.verified')}</Tag> : <Tag>{t('users.unverified')}</Tag>;
}

/** Users by phone, status and real-name state, with their available balance. */
export function UserList() {
  const t = useTranslate();
  const locale = useLocale();
  const canExport = useCanDo('users', 'export');
  const { tableProps, searchFormProps, filters } = useTable<AdminUserRow, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
  });
  return (
    <List headerButtons={canExport ? <CsvExportButton name="users" query={filtersToQuery(filters)} /> : null}>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: {
            phone: getDefaultFilter('phone', filters),
            status: numberFilter('status', filters),
            verified: getDefaultFilter('verified', filters),
          },
        }}
      >
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item {...numericField} name="status" label={t('common.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={enumOptions(accountStatusTable, locale)} />
        </Form.Item>
        <Form.Item name="verified" label={t('users.realName')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[
              { value: 'true', label: t('users.verified') },
              { value: 'false', label: t('users.unverified') },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id">
        <Table.Column<AdminUserRow> dataIndex="id" title="ID" width={80} />
        <Table.Column<AdminUserRow>
          title={t('users.user')}
          render={(_, u) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{u.phone}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {u.nickname}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<AdminUserRow>
          dataIndex="status"
          title={t('common.status')}
          render={(v: number) => <EnumTag table={accountStatusTable} code={v} colors={accountStatusColors} />}
        />
        <Table.Column<AdminUserRow>
          dataIndex="verified"
          title={t('users.realName')}
          render={(v: boolean) => <VerifiedTag verified={v} />}
        />
        <Table.Column<AdminUserRow>
          dataIndex="availableFen"
          title={t('users.available')}
          align="right"
          render={(v: number) => <Money fen={v} strong />}
        />
        <Table.Column<AdminUserRow> dataIndex="referrerId" title={t('users.referrer')} render={(v: number | null) => (v ? `#${v}` : '—')} />
        <Table.Column<AdminUserRow> dataIndex="createdAt" title={t('users.joinedAt')} render={(v: string) => <DateTime value={v} />} />
        <Table.Column<AdminUserRow>
          title={t('table.actions')}
          render={(_, u) => <ShowButton hideText size="small" recordItemId={u.id} />}
        />
      </Table>
    </List>
  );
}
