import { cardStatusColor, cardStatusTable, colorHex, formatFen, labelOf, settlementStatusTable, ShipmentStatus } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { Order, OrderCard as Card } from '@/api/endpoints/order';
import { CardLogo } from '@/components/CardLogo';
import { formatDateTime } from '@/format/date';
import { useLocale, useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import { MailingAddress } from '@/pages/logisticsInfo/MailingAddress';
import { ShipmentState } from '@/pages/logisticsInfo/ShipmentState';
import { ariaState } from '@/a11y';

interface OrderCardProps {
  order: Order;
  onAppeal(card: Card): void;
}

/**
 * One submission: what was sold and for how much, for mailed cards where they are and what the
 * user must do next, and on demand each card's review.
 */
export function OrderCard({ order, onAppeal }: OrderCardProps) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  return (
    <View className="orders__card" data-order-no={order.orderNo}>
      <View className="orders__head">
        <CardLogo name={order.goodsName} logo={order.goodsLogo} />
        <View className="orders__head-text">
          <Text className="orders__name">{order.goodsName}</Text>
          <Text className="orders__meta">{t('order.meta', { faceValue: formatFen(order.faceValueFen), count: order.cardCount })}</Text>
        </View>
        <Text className="orders__time">{formatDateTime(order.createdAt)}</Text>
      </View>

      {order.shipmentStatus !== null ? (
        <View className="orders__shipment">
          <ShipmentState status={order.shipmentStatus} receivedAt={order.receivedAt} />
          {order.shipmentStatus === ShipmentStatus.AwaitingShipment ? <MailingAddress /> : null}
        </View>
      ) : null}

      <View className="orders__counts">
        <Count label={t('order.count.passed')} value={order.passedCount} tone="green" />
        <Count label={t('order.count.pending')} value={order.pendingCount} tone="warn" />
        <Count label={t('order.count.other')} value={order.cardCount - order.passedCount - order.pendingCount} tone="gray" />
      </View>

      <View className="orders__amounts">
        {/* An expectation only while a card is still being checked; a finished order has only what it paid. */}
        {order.pendingCount > 0 ? (
          <View className="orders__amount">
            <Text className="orders__amount-label">{t('order.expected')}</Text>
            <Text className="orders__amount-value">{formatFen(order.expectedFen)}</Text>
          </View>
        ) : null}
        <View className="orders__amount orders__amount--settled">
          <Text className="orders__amount-label">{t('order.settled')}</Text>
          <Text className="orders__amount-value orders__settled">{formatFen(order.settledFen)}</Text>
        </View>
      </View>
      <Text className="orders__no">{t('order.orderNoLine', { orderNo: order.orderNo })}</Text>

      <View className="orders__actions">
        <View className="orders__toggle" role="button" aria-expanded={ariaState(expanded)} onClick={() => setExpanded(!expanded)}>
          <Text>{t(expanded ? 'order.cards.hide' : 'order.cards.show', { count: order.cards.length })}</Text>
        </View>
        {order.physical ? (
          <Text className="orders__logistics" onClick={() => void navigateTo('logisticsInfo', { orderId: order.id })}>
            {t(order.shipmentStatus === ShipmentStatus.AwaitingShipment ? 'order.shipment.enter' : 'order.logistics')}
          </Text>
        ) : null}
      </View>

      {expanded ? (
        <View className="orders__cards">
          {order.cards.map((card) => (
            <CardLine key={card.id} card={card} onAppeal={onAppeal} />
          ))}
        </View>
      ) : null}
    </View>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: 'green' | 'warn' | 'gray' }) {
  return (
    <View className="orders__count">
      <Text className="orders__count-value" style={{ color: value > 0 ? colorHex(tone) : undefined }}>
        {value}
      </Text>
      <Text className="orders__count-label">{label}</Text>
    </View>
  );
}

/** One card: masked number, status in its colour, credit, amounts, and the appeal where one is possible. */
function CardLine({ card, onAppeal }: { card: Card; onAppeal(card: Card): void }) {
  const t = useT();
  const locale = useLocale();
  const color = colorHex(cardStatusColor(card.status));
  const differs = card.actualFaceValueFen !== null && card.actualFaceValueFen !== card.declaredFaceValueFen;
  return (
    <View className="orders__line" data-card-status={String(card.status)}>
      <View className="orders__line-head">
        <Text className="orders__card-no">{card.cardNoMasked}</Text>
        <Text className="orders__status" style={{ color, borderColor: color, background: `${color}14` }}>
          {labelOf(cardStatusTable, card.status, locale)}
        </Text>
      </View>
      <View className="orders__line-facts">
        <Text>{t('order.card.settlement', { status: labelOf(settlementStatusTable, card.settlementStatus, locale) })}</Text>
        {card.settlementFen !== null ? <Text className="orders__card-amount">{formatFen(card.settlementFen)}</Text> : null}
      </View>
      {differs ? (
        <Text className="orders__line-note">
          {t('order.card.actualValue', {
            declared: formatFen(card.declaredFaceValueFen),
            actual: formatFen(card.actualFaceValueFen ?? 0),
          })}
        </Text>
      ) : null}
      {card.rejectReason ? <Text className="orders__reason">{t('order.card.rejectReason', { reason: card.rejectReason })}</Text> : null}
      {card.appealReason ? (
        <Text className="orders__appeal-text">{t('order.card.appealReason', { reason: card.appealReason })}</Text>
      ) : null}
      {card.appealReply ? <Text className="orders__appeal-text">{t('order.card.appealReply', { reply: card.appealReply })}</Text> : null}
      {card.canAppeal ? (
        <View className="orders__appeal" role="button" onClick={() => onAppeal(card)}>
          <Text>{t('order.appeal.action')}</Text>
        </View>
      ) : null}
    </View>
  );
}
