import { carrierByCode, cardCalls, ShipmentStatus, shipmentStatusTable, type AdminShipment } from '@maika/shared';
import { List, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { Clip, DateTime, EnumTag, Money, enumOptions, useLocale } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

function MarkReceivedButton({ shipment }: { shipment: AdminShipment }) {
  const t = useTranslate();
  const { runCall, isPending } = useAction(['shipments', 'cards']);
  return (
    <Popconfirm
      title={t('shipments.markReceivedConfirm', { count: shipment.cardCount })}
      onConfirm={() => runCall(cardCalls.received, { id: shipment.id }).catch(() => undefined)}
    >
      <Button type="primary" size="small" loading={isPending} data-testid={`mark-received-${shipment.id}`}>
        {t('shipments.markReceived')}
      </Button>
    </Popconfirm>
  );
}

/**
 * Orders of physical cards and where their parcels are. Their cards are checked only once the
 * order is received: marked here by whoever opens the parcel, or reported delivered by the carrier.
 */
export function ShipmentList() {
  const t = useTranslate();
  const locale = useLocale();
  const canReceive = useCanDo('shipments', 'received');
  const { tableProps, searchFormProps, filters } = useTable<AdminShipment, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
  });
  return (
    <List>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: {
            shipmentStatus: numberFilter('shipmentStatus', filters),
            phone: getDefaultFilter('phone', filters),
            search: getDefaultFilter('search', filters),
          },
        }}
      >
        <Form.Item {...numericField} name="shipmentStatus" label={t('common.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 150 }} options={enumOptions(shipmentStatusTable, locale)} />
        </Form.Item>
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="search" label={t('shipments.search')}>
          <Input allowClear placeholder={t('shipments.searchPlaceholder')} style={{ width: 220 }} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" tableLayout="fixed" scroll={{ x: 1180 }}>
        <Table.Column<AdminShipment>
          dataIndex="orderNo"
          width={210}
          title={t('shipments.orderNo')}
          render={(v: string) => <Clip text={v} mono copyable />}
        />
        <Table.Column<AdminShipment>
          dataIndex="userPhone"
          width={116}
          title={t('common.user')}
          render={(v: string | null) => <Clip text={v} />}
        />
        <Table.Column<AdminShipment>
          title={t('shipments.cards')}
          render={(_, s) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Clip text={s.goodsName} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Money fen={s.faceValueFen} /> × {s.cardCount}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<AdminShipment>
          dataIndex="shipmentStatus"
          width={90}
          title={t('common.status')}
          render={(v: number) => <EnumTag table={shipmentStatusTable} code={v} colors={{ 0: 'warning', 1: 'processing', 2: 'success' }} />}
        />
        <Table.Column<AdminShipment>
          title={t('shipments.parcel')}
          width={160}
          render={(_, s) =>
            s.carrier && s.trackingNo ? (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Clip text={carrierByCode(s.carrier)?.name[locale] ?? s.carrier} />
                <Clip text={s.trackingNo} mono copyable />
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('shipments.noTracking')}</Typography.Text>
            )
          }
        />
        <Table.Column<AdminShipment>
          dataIndex="shippedAt"
          width={108}
          title={t('shipments.shippedAt')}
          render={(v: string | null) => <DateTime value={v} stacked />}
        />
        <Table.Column<AdminShipment>
          dataIndex="receivedAt"
          width={116}
          title={t('shipments.receivedAt')}
          render={(v: string | null, s) =>
            v ? (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <DateTime value={v} stacked />
                <Clip text={s.receivedBy ?? t('shipments.byCarrier')} type="secondary" />
              </Space>
            ) : (
              '—'
            )
          }
        />
        <Table.Column<AdminShipment>
          dataIndex="createdAt"
          width={108}
          title={t('common.createdAt')}
          render={(v: string) => <DateTime value={v} stacked />}
        />
        {canReceive && (
          <Table.Column<AdminShipment>
            fixed="right"
            width={104}
            title={t('table.actions')}
            render={(_, s) => (s.shipmentStatus === ShipmentStatus.Received ? null : <MarkReceivedButton shipment={s} />)}
          />
        )}
      </Table>
    </List>
  );
}
