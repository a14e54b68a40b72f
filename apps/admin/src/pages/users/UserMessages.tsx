import {
  deliveryStatusTable,
  DeliveryStatus,
  messageCalls,
  messageChannelTable,
  messageTypeTable,
  type AdminDelivery,
  type AdminMessage,
} from '@maika/shared';
import { useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { BoolTag, Clip, DateTime, EnumTag, useLocale } from '../../components/display';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

/** One channel's delivery of a message: what the vendor answered, and a resend when it failed. */
function Delivery({ delivery, resource }: { delivery: AdminDelivery; resource: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const canResend = useCanDo('messages', 'resend');
  const { runCall, isPending } = useAction([resource]);
  const failed = delivery.status === DeliveryStatus.Failed;
  return (
    <div data-testid={`delivery-${delivery.id}`}>
      <Space size={4} wrap>
        <Tag>{messageChannelTable.byCode(delivery.channel)?.label[locale]}</Tag>
        <EnumTag table={deliveryStatusTable} code={delivery.status} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('messages.attempts', { count: delivery.attempts })}
          {delivery.sentAt && (
            <>
              {' · '}
              <DateTime value={delivery.sentAt} />
            </>
          )}
        </Typography.Text>
        {failed && canResend && (
          <Popconfirm
            title={t('messages.resendConfirm')}
            description={t('messages.resendHint')}
            onConfirm={() => runCall(messageCalls.resend, { id: delivery.id })}
          >
            <Button size="small" icon={<RedoOutlined />} loading={isPending}>
              {t('messages.resend')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {delivery.vendorAnswer && (
        <div style={{ display: 'flex', gap: 6, alignItems: 'baseline', minWidth: 0, marginTop: 2 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            {t('messages.vendorAnswer')}
          </Typography.Text>
          <Clip text={delivery.vendorAnswer} mono />
        </div>
      )}
    </div>
  );
}

/** Deliveries the worker has yet to finish: the list is asked again until none is left on the page. */
const onItsWay: ReadonlySet<number> = new Set([DeliveryStatus.Pending, DeliveryStatus.Sending]);
const FOLLOW_MS = 2_000;

/** What the user was told, newest first, as they read it in the app, with what each channel did with it. */
export function UserMessages({ userId }: { userId: number }) {
  const t = useTranslate();
  const resource = `users/${userId}/messages`;
  const { tableProps } = useTable<AdminMessage, HttpError>({
    resource,
    syncWithLocation: false,
    // A resent delivery (or a new one) is followed to its end, so support sees it sent or failed without a reload.
    queryOptions: {
      refetchInterval: (query) =>
        query.state.data?.data.some((message) => message.deliveries.some((d) => onItsWay.has(d.status))) ? FOLLOW_MS : false,
    },
  });
  return (
    <Table {...tableProps} rowKey="id" size="small" tableLayout="fixed">
      <Table.Column<AdminMessage>
        dataIndex="createdAt"
        width={110}
        title={t('common.time')}
        render={(v: string) => <DateTime value={v} stacked />}
      />
      <Table.Column<AdminMessage>
        dataIndex="type"
        width={150}
        title={t('messages.type')}
        render={(v: number) => <EnumTag table={messageTypeTable} code={v} />}
      />
      <Table.Column<AdminMessage>
        title={t('messages.message')}
        render={(_, m) => (
          <>
            <Typography.Text strong>{m.title}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', margin: 0 }}>
              {m.content}
            </Typography.Paragraph>
          </>
        )}
      />
      <Table.Column<AdminMessage>
        dataIndex="read"
        width={80}
        title={t('messages.read')}
        render={(v: boolean) => <BoolTag value={v} yes={t('messages.readYes')} no={t('messages.readNo')} />}
      />
      <Table.Column<AdminMessage>
        width={360}
        title={t('messages.deliveries')}
        render={(_, m) =>
          m.deliveries.length === 0 ? (
            <Typography.Text type="secondary">{t('messages.centreOnly')}</Typography.Text>
          ) : (
            <Space direction="vertical" size={8} style={{ width: '100%' }}>
              {m.deliveries.map((d) => (
                <Delivery key={d.id} delivery={d} resource={resource} />
              ))}
            </Space>
          )
        }
      />
    </Table>
  );
}
