import {
  CardStatus,
  cardStatusColor,
  cardStatusTable,
  colorHex,
  formatFen,
  isFilterAll,
  labelOf,
  settlementStatusTable,
  ShipmentStatus,
  type CardStatusFilter,
} from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { Order, OrderCard as Card, OrderStatusCount, OrderSummary } from '@/api/endpoints/cards';
import { useOrderDetail } from '@/api/queries/cards';
import { CardLogo } from '@/components/CardLogo';
import { formatDateTime } from '@/format/date';
import { useLocale, useT } from '@/i18n';
import { navigateTo } from '@/navigation';
import { MailingAddress } from '@/pages/logisticsInfo/MailingAddress';
import { ShipmentState } from '@/pages/logisticsInfo/ShipmentState';
import { ariaState } from '@/a11y';
import './OrderCard.scss';

interface OrderCardProps {
  /** An order of the list (its cards asked for when opened), or an order's detail with every card. */
  order: OrderSummary | Order;
  /** The status the list is filtered by: its cards are shown without asking. */
  filter: CardStatusFilter;
  onAppeal(card: Card): void;
  /** Opens with every card shown (the order's own page). */
  expandedAtFirst?: boolean;
  /** The page is on screen: opened cards still being checked are asked again every few seconds. */
  pageShown?: boolean;
}

/**
 * One submission: what was sold and for how much, for mailed cards where they are and what the
 * user must do next, and each card's review: on demand, or at once for the cards the list is
 * filtered by.
 */
export function OrderCard({ order, filter, onAppeal, expandedAtFirst = false, pageShown = false }: OrderCardProps) {
  const t = useT();
  const locale = useLocale();
  const [expanded, setExpanded] = useState(expandedAtFirst);
  const filtered = !isFilterAll(filter);
  const known = 'cards' in order ? order.cards : null;
  // A listed order's cards come with its detail, asked for when the seller opens them.
  const detail = useOrderDetail(expanded && known === null ? order.id : null, pageShown);
  const allCards = known ?? detail.data?.order.cards ?? null;
  const matching = 'matchingCards' in order ? order.matchingCards : (known ?? []).filter((card) => card.status === filter);
  const shown = expanded ? (allCards ?? []) : filtered ? matching : [];
  // Only once every card is decided has the order settled; until then the sum is what has settled so far.
  const final = order.pendingCount === 0;
  const toggle = expanded
    ? filtered
      ? t('order.cards.onlyMatching', { status: labelOf(cardStatusTable, filter, locale) })
      : t('order.cards.hide')
    : t(filtered ? 'order.cards.showAll' : 'order.cards.show', { count: order.cardCount });
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

      <StatusCounts counts={order.statusCounts} />

      <View className="orders__amounts">
        {/* An expectation only while a card is still being checked; a finished order has only what it paid. */}
        {!final ? (
          <View className="orders__amount">
            <Text className="orders__amount-label">{t('order.expected')}</Text>
            <Text className="orders__amount-value">{formatFen(order.expectedFen)}</Text>
          </View>
        ) : null}
        <View className="orders__amount orders__amount--settled">
          <Text className="orders__amount-label">{t(final ? 'order.settled' : 'order.settledSoFar')}</Text>
          <Text className="orders__amount-value orders__settled">{formatFen(order.settledFen)}</Text>
        </View>
      </View>
      <Text className="orders__no">{t('order.orderNoLine', { orderNo: order.orderNo })}</Text>

      <View className="orders__actions">
        <View className="orders__toggle" role="button" aria-expanded={ariaState(expanded)} onClick={() => setExpanded(!expanded)}>
          <Text>{toggle}</Text>
        </View>
        {order.physical ? (
          <Text className="orders__logistics" onClick={() => void navigateTo('logisticsInfo', { orderId: order.id })}>
            {t(order.shipmentStatus === ShipmentStatus.AwaitingShipment ? 'order.shipment.enter' : 'order.logistics')}
          </Text>
        ) : null}
      </View>

      {expanded && allCards === null ? (
        detail.isError ? (
          <View className="orders__cards-state orders__cards-state--failed" role="button" onClick={() => void detail.refetch()}>
            <Text>{t('order.cards.failed')}</Text>
          </View>
        ) : (
          <View className="orders__cards-state" aria-busy="true">
            <Text>{t('order.cards.loading')}</Text>
          </View>
        )
      ) : null}
      {shown.length > 0 ? (
        <View className="orders__cards">
          {shown.map((card) => (
            <CardLine key={card.id} card={card} onAppeal={onAppeal} />
          ))}
        </View>
      ) : null}
    </View>
  );
}

/** How many of the order's cards are in each status, in the words and colours of the filter chips and the card lines. */
function StatusCounts({ counts }: { counts: readonly OrderStatusCount[] }) {
  const locale = useLocale();
  const counted = cardStatusTable.values
    .map((entry) => ({ entry, count: counts.find((c) => c.status === entry.code)?.count ?? 0 }))
    .filter(({ count }) => count > 0);
  return (
    <View className="orders__counts">
      {counted.map(({ entry, count }) => (
        <View key={entry.code} className="orders__count" data-count-status={String(entry.code)}>
          <Text className="orders__count-value" style={{ color: colorHex(cardStatusColor(entry.code)) }}>
            {count}
          </Text>
          <Text className="orders__count-label">{entry.label[locale]}</Text>
        </View>
      ))}
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
      {card.status === CardStatus.Abnormal ? (
        <Text className="orders__review-note">
          {card.rejectReason ? t('order.card.reviewNote', { reason: card.rejectReason }) : t('order.card.inReview')}
        </Text>
      ) : card.rejectReason ? (
        <Text className="orders__reason">{t('order.card.rejectReason', { reason: card.rejectReason })}</Text>
      ) : null}
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
