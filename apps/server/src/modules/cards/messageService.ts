/**
 * What a change of a card tells its seller (docs/product.md "Messages"), recorded in the change's
 * transaction. Every report on an order locks the order row first (after the card's lock), so two
 * cards of one order decided at once are counted one after the other: the second sees the first.
 */
import { CardStatus, SettlementStatus, type LocalizedText } from '@maika/shared';
import type { Tx } from '../../db/client';
import { recordMessage, type CardOutcome } from '../messages';
import {
  cardResults,
  countUndecidedCards,
  lockOrderForMessage,
  lockOrdersForMessage,
  type CardResultRow,
  type OrderForMessage,
} from './messageRepo';
import type { CardRow } from './repo';
import { appealDeadline } from './stateMachine';

const orderRef = (order: OrderForMessage) => ({
  orderId: order.orderId,
  orderNo: order.orderNo,
  cardType: { 'zh-CN': order.cardTypeName, 'en-US': order.cardTypeNameEn || order.cardTypeName } satisfies LocalizedText,
});

/** A card's result as a message holds it: masked number only, the credit once credited, the reason as stored. */
function outcomeOf(card: CardResultRow): CardOutcome {
  const keyed = card.rejectReasonKey !== null;
  return {
    cardId: card.id,
    maskedNo: card.maskedNo,
    status: card.status,
    settlementStatus: card.settlementStatus,
    amountFen: card.settlementStatus === SettlementStatus.Credited ? (card.settlementFen ?? 0) : null,
    reason: keyed ? null : card.rejectReason,
    reasonKey: card.rejectReasonKey,
    reasonParams: keyed ? card.rejectReasonParams : null,
    appealUntil: appealDeadline(card)?.toISOString() ?? null,
  };
}

/** Statuses in which a card waits for its seller: to activate it, to hear why it is held, or to appeal. */
const needSeller: readonly CardStatus[] = [CardStatus.NotActivated, CardStatus.Abnormal, CardStatus.Rejected];

/**
 * After a card changed (a verdict, a credit): a card that now needs its seller renews the order's
 * one such message, listing every card of the order waiting for them (one message, and at most
 * one SMS, however many cards of a batch are rejected); once no card of the order is undecided
 * (stateMachine.ts `notCreditedFinally`) the order's completion is recorded, once per order: an
 * appeal that reopens a card reports its own result instead. `fromAppeal`: the change is an
 * appeal's result, which appealDecided reports. With `batch`, the report waits for the batch's
 * end (`reportBatch`, in the same transaction), so a batch rewrites each order's message once.
 */
export async function reportCardChange(tx: Tx, card: CardRow, o: { fromAppeal?: boolean; batch?: BatchReports } = {}): Promise<void> {
  const needsSeller = !o.fromAppeal && needSeller.includes(card.status);
  if (o.batch) o.batch.set(card.orderId, (o.batch.get(card.orderId) ?? false) || needsSeller);
  else await reportBatch(tx, new Map([[card.orderId, needsSeller]]));
}

/** The orders a batch changed cards of, and whether one of those cards now needs the seller. */
export type BatchReports = Map<number, boolean>;

/**
 * A batch's reports, at its end, in its transaction, in a few statements whatever the number of
 * orders: the orders locked in id order, as every batch locks them.
 */
export async function reportBatch(tx: Tx, batch: BatchReports): Promise<void> {
  if (batch.size === 0) return;
  const orders = await lockOrdersForMessage(
    tx,
    [...batch.keys()].sort((a, b) => a - b),
  );
  const needingSeller = orders.filter((o) => batch.get(o.orderId));
  if (needingSeller.length > 0) {
    const waiting = await cardResults(
      tx,
      needingSeller.map((o) => o.orderId),
      'needSeller',
    );
    for (const order of needingSeller) {
      const cards = (waiting.get(order.orderId) ?? []).map(outcomeOf);
      if (cards.length === 0) continue;
      await recordMessage(tx, {
        userId: order.userId,
        type: 'cardsNeedSeller',
        subject: `order:${order.orderId}`,
        facts: { ...orderRef(order), cards },
        onRepeat: 'replace',
      });
    }
  }
  const undecided = await countUndecidedCards(
    tx,
    orders.map((o) => o.orderId),
  );
  const decided = orders.filter((o) => !undecided.has(o.orderId));
  if (decided.length === 0) return;
  const results = await cardResults(
    tx,
    decided.map((o) => o.orderId),
    'all',
  );
  for (const order of decided) {
    const cards = (results.get(order.orderId) ?? []).map(outcomeOf);
    await recordMessage(tx, {
      userId: order.userId,
      type: 'orderDecided',
      subject: `order:${order.orderId}`,
      facts: { ...orderRef(order), creditedFen: cards.reduce((sum, c) => sum + (c.amountFen ?? 0), 0), cards },
    });
  }
}

/**
 * An appeal's result, on the card as it was (`before`, under appeal) and as it is now. Each
 * appeal reports once (its subject carries when it was made), and a later appeal again.
 */
export async function reportAppealDecided(tx: Tx, before: CardRow, after: CardRow, reply: string | null): Promise<void> {
  const order = await lockOrderForMessage(tx, after.orderId);
  if (!order) return;
  await recordMessage(tx, {
    userId: order.userId,
    type: 'appealDecided',
    subject: `appeal:${after.id}:${(before.appealedAt ?? before.updatedAt).getTime()}`,
    facts: { ...orderRef(order), card: outcomeOf(after), accepted: after.status === CardStatus.Passed, reply },
  });
}

/** Mailed cards are in our hands (an operator's mark or the carrier's report): told once per order. */
export async function reportShipmentReceived(tx: Tx, orderId: number): Promise<void> {
  const order = await lockOrderForMessage(tx, orderId);
  if (!order?.receivedAt) return;
  await recordMessage(tx, {
    userId: order.userId,
    type: 'shipmentReceived',
    subject: `order:${order.orderId}`,
    facts: { ...orderRef(order), cardCount: order.cardCount, receivedAt: order.receivedAt.toISOString() },
  });
}
