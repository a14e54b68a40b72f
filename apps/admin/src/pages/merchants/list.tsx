import { merchantStatusTable, MerchantStatus, type AdminMerchant } from '@maika/shared';
import { List, ShowButton, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Input, Select, Space, Table, Typography } from 'antd';
import { Clip, DateTime, EnumTag, enumOptions, useLocale } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';

/** Merchants by status, name and phone, with who made the latest decision on each. */
export function MerchantList() {
  const t = useTranslate();
  const locale = useLocale();
  const { tableProps, searchFormProps, filters } = useTable<AdminMerchant, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
  });
  return (
    <List>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: {
            status: numberFilter('status', filters),
            name: getDefaultFilter('name', filters),
            phone: getDefaultFilter('phone', filters),
          },
        }}
      >
        <Form.Item {...numericField} name="status" label={t('common.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 140 }} options={enumOptions(merchantStatusTable, locale)} />
        </Form.Item>
        <Form.Item name="name" label={t('merchants.name')}>
          <Input allowClear placeholder={t('merchants.namePlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 180 }} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" tableLayout="fixed" scroll={{ x: 1000 }}>
        <Table.Column<AdminMerchant> dataIndex="id" title="ID" width={70} />
        <Table.Column<AdminMerchant>
          title={t('merchants.name')}
          render={(_, m) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Clip text={m.name} strong />
              <Clip text={m.contact} type="secondary" />
            </Space>
          )}
        />
        <Table.Column<AdminMerchant>
          dataIndex="phone"
          width={130}
          title={t('common.user')}
          render={(v: string | null) => <Clip text={v} />}
        />
        <Table.Column<AdminMerchant>
          dataIndex="status"
          width={110}
          title={t('common.status')}
          render={(v: number) => <EnumTag table={merchantStatusTable} code={v} />}
        />
        <Table.Column<AdminMerchant>
          dataIndex="monthlyVolume"
          width={130}
          align="right"
          title={t('merchants.monthlyVolumeShort')}
          render={(v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v.toLocaleString(locale)}</span>}
        />
        <Table.Column<AdminMerchant>
          dataIndex="activeKeys"
          width={110}
          align="right"
          title={t('merchants.activeKeys')}
          render={(v: number, m) =>
            m.status === MerchantStatus.Approved || v > 0 ? v : <Typography.Text type="secondary">—</Typography.Text>
          }
        />
        <Table.Column<AdminMerchant>
          dataIndex="appliedAt"
          width={110}
          title={t('merchants.appliedAt')}
          render={(v: string) => <DateTime value={v} stacked />}
        />
        <Table.Column<AdminMerchant>
          dataIndex="decidedAt"
          width={120}
          title={t('merchants.decidedAt')}
          render={(v: string | null, m) => (
            <Space direction="vertical" size={0}>
              <DateTime value={v} stacked />
              {m.decidedBy && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {m.decidedBy}
                </Typography.Text>
              )}
            </Space>
          )}
        />
        <Table.Column<AdminMerchant>
          fixed="right"
          width={90}
          title={t('table.actions')}
          render={(_, m) => <ShowButton hideText size="small" recordItemId={m.id} />}
        />
      </Table>
    </List>
  );
}
