/**
 * What each message type is rendered from, stored as the message's `params`. Only what a seller
 * may read: card numbers masked as everywhere, amounts in fen, reasons as the operator or the
 * channel gave them (or a key of the shared text catalogue); never a card password.
 */
import type { CardStatus, LocalizedText, MessageParams, MessageTypeKey, PayeeChannel, SettlementStatus } from '@maika/shared';

/** One card's result as a message reports it. */
export interface CardOutcome {
  cardId: number;
  /** Masked as the order list shows it. */
  maskedNo: string;
  status: CardStatus;
  settlementStatus: SettlementStatus;
  /** What was credited for it, or null while nothing was. */
  amountFen: number | null;
  /** A reason typed by a reviewer or given by the channel, as given; null when there is none or it is a key. */
  reason: string | null;
  /** Our own reason as a key of the shared text catalogue, with its parameters. */
  reasonKey: string | null;
  reasonParams: MessageParams | null;
  /** Until when the seller may appeal (ISO time), or null when no appeal is possible. */
  appealUntil: string | null;
}

interface OrderRef {
  orderId: number;
  orderNo: string;
  /** The card type's name in both languages. */
  cardType: LocalizedText;
}

export interface MessageFacts {
  /** Every card of the order is decided: the total credited and each card's result. */
  orderDecided: OrderRef & { creditedFen: number; cards: CardOutcome[] };
  /** The cards of one order that wait for the seller now (the message is replaced as the list changes). */
  cardsNeedSeller: OrderRef & { cards: CardOutcome[] };
  appealDecided: OrderRef & { card: CardOutcome; accepted: boolean; reply: string | null };
  withdrawalPaid: { withdrawalId: number; amountFen: number; feeFen: number; channel: PayeeChannel; paidAt: string };
  withdrawalReturned: {
    withdrawalId: number;
    amountFen: number;
    channel: PayeeChannel;
    /** Why it failed, as finance or the payout vendor said it; a key of the shared text catalogue when ours. */
    reason: string | null;
    reasonKey: string | null;
    /** The key's parameters (the vendor's words inside our sentence), when it has any. */
    reasonParams?: MessageParams | null;
  };
  shipmentReceived: OrderRef & { cardCount: number; receivedAt: string };
  /** `amountFen` is signed: negative when the balance went down. */
  balanceAdjusted: { amountFen: number; reason: string; balanceFen: number };
  accountFrozen: { reason: string | null };
  accountUnfrozen: Record<string, never>;
}

/** A message as a module records it: the type's key chooses the shape of `facts`. */
export type MessageEvent = {
  [T in MessageTypeKey]: {
    userId: number;
    type: T;
    /** What the message is about (`order:12`, `withdrawal:7`, `adjustment:31`): the same subject reports once. */
    subject: string;
    facts: MessageFacts[T];
    /** `replace` renews an earlier message of the same subject as unread (cardsNeedSeller); default `once`. */
    onRepeat?: 'once' | 'replace';
  };
}[MessageTypeKey];
