import { carrierByCode, ShipmentStatus, shipmentStatusTable, type AdminShipment } from '@maika/shared';
import { List, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { DateTime, EnumTag, Money, enumOptions, useLocale } from '../../components/display';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

function MarkReceivedButton({ shipment }: { shipment: AdminShipment }) {
  const t = useTranslate();
  const { run, isPending } = useAction(['shipments', 'cards']);
  return (
    <Popconfirm title={t('shipments.markReceivedConfirm', { count: shipment.cardCount })} onConfirm={() => run(`shipments/${shipment.id}/received`).catch(() => undefined)}>
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
  const { tableProps, searchFormProps, filters } = useTable<AdminShipment, HttpError, Record<string, unknown>>({ syncWithLocation: true, onSearch: toFilters });
  return (
    <List>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: { shipmentStatus: numberFilter('shipmentStatus', filters), phone: getDefaultFilter('phone', filters), search: getDefaultFilter('search', filters) },
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
      <Table {...tableProps} rowKey="id" scroll={{ x: 1300 }}>
        <Table.Column<AdminShipment> dataIndex="orderNo" title={t('shipments.orderNo')} render={(v: string) => <Typography.Text copyable>{v}</Typography.Text>} />
        <Table.Column<AdminShipment> dataIndex="userPhone" title={t('common.user')} />
        <Table.Column<AdminShipment>
          title={t('shipments.cards')}
          render={(_, s) => (
            <Space direction="vertical" size={0}>
              <span>{s.goodsName}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Money fen={s.faceValueFen} /> × {s.cardCount}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<AdminShipment> dataIndex="shipmentStatus" title={t('common.status')} render={(v: number) => <EnumTag table={shipmentStatusTable} code={v} colors={{ 0: 'warning', 1: 'processing', 2: 'success' }} />} />
        <Table.Column<AdminShipment>
          title={t('shipments.parcel')}
          render={(_, s) =>
            s.carrier && s.trackingNo ? (
              <Space direction="vertical" size={0}>
                <span>{carrierByCode(s.carrier)?.name[locale] ?? s.carrier}</span>
                <Typography.Text copyable style={{ fontSize: 12 }}>{s.trackingNo}</Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('shipments.noTracking')}</Typography.Text>
            )
          }
        />
        <Table.Column<AdminShipment> dataIndex="shippedAt" title={t('shipments.shippedAt')} render={(v: string | null) => <DateTime value={v} />} />
        <Table.Column<AdminShipment>
          dataIndex="receivedAt"
          title={t('shipments.receivedAt')}
          render={(v: string | null, s) =>
            v ? (
              <Space direction="vertical" size={0}>
                <DateTime value={v} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.receivedBy ?? t('shipments.byCarrier')}</Typography.Text>
              </Space>
            ) : (
              '—'
            )
          }
        />
        <Table.Column<AdminShipment> dataIndex="createdAt" title={t('common.createdAt')} render={(v: string) => <DateTime value={v} />} />
        {canReceive && (
          <Table.Column<AdminShipment> fixed="right" title={t('table.actions')} render={(_, s) => (s.shipmentStatus === ShipmentStatus.Received ? null : <MarkReceivedButton shipment={s} />)} />
        )}
      </Table>
    </List>
  );
}
