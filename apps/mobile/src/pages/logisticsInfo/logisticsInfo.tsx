import { Code, formatFen, ShipmentStatus } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { LogisticsInfo as Tracking, Order } from '@/api/endpoints/cards';
import { ApiError } from '@/api/errors';
import { useLogisticsInfo, useOrderDetail } from '@/api/queries/cards';
import { AsyncView } from '@/components/AsyncView';
import { CardLogo } from '@/components/CardLogo';
import { ListSkeleton } from '@/components/Skeleton';
import { StateView } from '@/components/StateView';
import { formatDateTime } from '@/format/date';
import { usePageTitle } from '@/hooks/usePageTitle';
import { useT } from '@/i18n';
import { LogisticsForm } from './LogisticsForm';
import { MailingAddress } from './MailingAddress';
import { ShipmentState } from './ShipmentState';
import './logisticsInfo.scss';

/**
 * How the physical cards of one order (query `orderId`) travel to us: where they are, what
 * happens next and, until they arrive, where to mail them; then the carrier's events, or, before
 * the seller has said how they were mailed, the form to say it.
 */
export default function LogisticsInfo() {
  usePageTitle('logisticsInfo');
  const t = useT();
  const { params } = useRouter();
  const orderId = /^\d{1,12}$/.test(params.orderId ?? '') ? Number(params.orderId) : null;
  const detail = useOrderDetail(orderId);
  // No such order of this user is a final answer, not a failed load: reloading would not find it.
  const notFound = detail.error instanceof ApiError && detail.error.code === Code.NotFound;
  if (orderId === null || notFound) {
    return (
      <View className="logistics">
        <StateView kind="empty" title={t('logistics.missing.title')} body={t('logistics.missing.body')} />
      </View>
    );
  }
  return (
    <View className="logistics">
      <AsyncView source={detail} skeleton={<ListSkeleton rows={4} />}>
        {({ order, logistics }) => (
          <>
            <OrderSummary order={order} />
            {order.shipmentStatus !== null ? (
              <View className="logistics__card logistics__shipment">
                <ShipmentState status={order.shipmentStatus} receivedAt={order.receivedAt} />
                {order.shipmentStatus === ShipmentStatus.Received ? null : <MailingAddress />}
              </View>
            ) : null}
            {logistics ? (
              <Timeline orderId={order.id} correctable={order.shipmentStatus !== ShipmentStatus.Received} />
            ) : order.shipmentStatus === ShipmentStatus.Received ? null : (
              <View className="logistics__card">
                <Text className="logistics__card-title">{t('logistics.add.title')}</Text>
                <Text className="logistics__hint">{t('logistics.add.body')}</Text>
                <LogisticsForm orderId={order.id} onSaved={() => void detail.refetch()} />
              </View>
            )}
          </>
        )}
      </AsyncView>
    </View>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const t = useT();
  return (
    <View className="logistics__card logistics__order">
      <CardLogo name={order.goodsName} logo={order.goodsLogo} />
      <View className="logistics__order-text">
        <Text className="logistics__order-name">{order.goodsName}</Text>
        <Text className="logistics__order-meta">
          {t('logistics.order.meta', { faceValue: formatFen(order.faceValueFen), count: order.cardCount })}
        </Text>
        <Text className="logistics__order-meta">{t('logistics.order.no', { orderNo: order.orderNo })}</Text>
      </View>
    </View>
  );
}

/** The carrier's events; until the cards are received, the seller may correct the carrier and number. */
function Timeline({ orderId, correctable }: { orderId: number; correctable: boolean }) {
  const t = useT();
  const info = useLogisticsInfo(orderId);
  const [correcting, setCorrecting] = useState(false);
  return (
    <AsyncView source={info} skeleton={<ListSkeleton rows={3} />}>
      {(tracking) => (
        <View className="logistics__card">
          <TrackingHead tracking={tracking} onCorrect={correctable && !correcting ? () => setCorrecting(true) : undefined} />
          {correctable && correcting ? (
            <View className="logistics__correct">
              <Text className="logistics__hint">{t('logistics.correct.body')}</Text>
              <LogisticsForm
                orderId={orderId}
                initial={{ carrier: tracking.carrier, trackingNo: tracking.trackingNo }}
                onSaved={() => setCorrecting(false)}
              />
              <Text className="logistics__correct-cancel" onClick={() => setCorrecting(false)}>
                {t('common.cancel')}
              </Text>
            </View>
          ) : null}
          {tracking.events.length === 0 ? (
            <Text className="logistics__hint">{t('logistics.events.none')}</Text>
          ) : (
            <View className="logistics__events">
              {tracking.events.map((event, index) => (
                <View
                  key={`${event.time}-${index}`}
                  className={index === 0 ? 'logistics__event logistics__event--latest' : 'logistics__event'}
                >
                  <View className="logistics__event-dot" />
                  <Text className="logistics__event-text">{event.text}</Text>
                  <Text className="logistics__event-time">{formatDateTime(event.time)}</Text>
                </View>
              ))}
            </View>
          )}
        </View>
      )}
    </AsyncView>
  );
}

function TrackingHead({ tracking, onCorrect }: { tracking: Tracking; onCorrect?: () => void }) {
  const t = useT();
  return (
    <View className="logistics__head">
      <View className="logistics__head-row">
        <Text className="logistics__head-label">{t('logistics.carrier.label')}</Text>
        <Text className="logistics__head-value">{tracking.carrierName}</Text>
      </View>
      <View className="logistics__head-row">
        <Text className="logistics__head-label">{t('logistics.trackingNo.label')}</Text>
        <Text className="logistics__head-value logistics__tracking-no" userSelect>
          {tracking.trackingNo}
        </Text>
      </View>
      {onCorrect ? (
        <Text className="logistics__correct-open" onClick={onCorrect}>
          {t('logistics.correct.action')}
        </Text>
      ) : null}
    </View>
  );
}
