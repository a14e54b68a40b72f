import { List, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Input, Table, Tag, Typography } from 'antd';
import { DateTime } from '../../components/display';
import { FilterBar, toFilters } from '../../components/filters';

interface OutboxMessage {
  id: number;
  phone: string;
  code: string;
  purpose: string;
  sentAt: string;
}

/** What the SMS simulator "sent": support reads a code out to a user who cannot receive texts in a demo. */
export function SmsOutboxList() {
  const t = useTranslate();
  const { tableProps, searchFormProps, filters } = useTable<OutboxMessage, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
  });
  return (
    <List>
      <FilterBar formProps={{ ...searchFormProps, initialValues: { phone: getDefaultFilter('phone', filters) } }}>
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 180 }} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id">
        <Table.Column<OutboxMessage> dataIndex="id" title="ID" width={80} />
        <Table.Column<OutboxMessage> dataIndex="phone" title={t('common.phone')} />
        <Table.Column<OutboxMessage>
          dataIndex="code"
          title={t('sms.code')}
          render={(v: string) => (
            <Typography.Text code copyable>
              {v}
            </Typography.Text>
          )}
        />
        <Table.Column<OutboxMessage>
          dataIndex="purpose"
          title={t('sms.purpose')}
          render={(v: string) => <Tag>{t(`sms.purposes.${v}`, undefined, v)}</Tag>}
        />
        <Table.Column<OutboxMessage> dataIndex="sentAt" title={t('sms.sentAt')} render={(v: string) => <DateTime value={v} />} />
      </Table>
    </List>
  );
}
