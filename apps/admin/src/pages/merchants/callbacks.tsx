import { merchantCallbackStatusTable, merchantCalls, type MerchantCallback } from '@maika/shared';
import { useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { Clip, DateTime, EnumTag } from '../../components/display';
import { FilterBar, toFilters } from '../../components/filters';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

/** Every callback attempt to this merchant and what its server answered; an order's callback can be sent again. */
export function MerchantCallbacks({ merchantId }: { merchantId: number }) {
  const t = useTranslate();
  const resource = `merchants/${merchantId}/callbacks`;
  const canResend = useCanDo('merchants', 'resend');
  const { runCall, isPending } = useAction([resource]);
  const { tableProps, searchFormProps } = useTable<MerchantCallback, HttpError, Record<string, unknown>>({
    resource,
    syncWithLocation: false,
    onSearch: toFilters,
  });
  return (
    <>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="merchantOrderNo" label={t('merchants.merchantOrderNo')}>
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="small" tableLayout="fixed" scroll={{ x: 980 }}>
        <Table.Column<MerchantCallback>
          dataIndex="merchantOrderNo"
          width={170}
          title={t('merchants.merchantOrderNo')}
          render={(v: string, c) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Clip text={v} mono />
              <Clip text={c.orderNo} type="secondary" mono />
            </Space>
          )}
        />
        <Table.Column<MerchantCallback> dataIndex="attempt" width={70} align="right" title={t('merchants.attempt')} />
        <Table.Column<MerchantCallback>
          dataIndex="status"
          width={110}
          title={t('common.status')}
          render={(v: number) => <EnumTag table={merchantCallbackStatusTable} code={v} />}
        />
        <Table.Column<MerchantCallback>
          title={t('merchants.answer')}
          render={(_, c) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Typography.Text>{c.responseCode !== null ? `HTTP ${c.responseCode}` : t('merchants.noAnswer')}</Typography.Text>
              <Clip text={c.error ?? c.responseExcerpt} type="secondary" mono />
            </Space>
          )}
        />
        <Table.Column<MerchantCallback>
          dataIndex="url"
          width={200}
          title={t('merchants.notifyUrl')}
          render={(v: string) => <Clip text={v} mono />}
        />
        <Table.Column<MerchantCallback>
          dataIndex="createdAt"
          width={110}
          title={t('common.time')}
          render={(v: string) => <DateTime value={v} stacked />}
        />
        <Table.Column<MerchantCallback>
          dataIndex="nextAttemptAt"
          width={110}
          title={t('merchants.nextAttemptAt')}
          render={(v: string | null) => <DateTime value={v} stacked />}
        />
        {canResend && (
          <Table.Column<MerchantCallback>
            fixed="right"
            width={100}
            title={t('table.actions')}
            render={(_, c) => (
              // Delivered ones too: the merchant's system may have lost what it acknowledged.
              <Popconfirm
                title={t('merchants.resendConfirm', { merchantOrderNo: c.merchantOrderNo })}
                onConfirm={() => runCall(merchantCalls.adminResendCallback, { id: merchantId }, { merchantOrderNo: c.merchantOrderNo })}
              >
                <Button size="small" loading={isPending}>
                  {t('merchants.resend')}
                </Button>
              </Popconfirm>
            )}
          />
        )}
      </Table>
    </>
  );
}
