/** Facts of every message type as the reporting modules record them (no server needed to render them). */
import { CardStatus, L, PayeeChannel, SettlementStatus, type MessageTypeKey } from '@maika/shared';
import type { CardOutcome, MessageFacts } from '../src/modules/messages/facts';

const jdCard = L('京东E卡', 'JD E-card');

export function creditedCard(n: number, amountFen = 9450): CardOutcome {
  return {
    cardId: n,
    maskedNo: `JD0****${String(1000 + n).slice(-4)}`,
    status: CardStatus.Passed,
    settlementStatus: SettlementStatus.Credited,
    amountFen,
    reason: null,
    reasonKey: null,
    reasonParams: null,
    appealUntil: null,
  };
}

/** Rejected because the PIN was used, by the supplier's words we know (a catalogue key), appealable until 2026-12-01 18:30 Beijing time. */
export const rejectedCard: CardOutcome = {
  cardId: 99,
  maskedNo: 'JD0****7788',
  status: CardStatus.Rejected,
  settlementStatus: SettlementStatus.NotCredited,
  amountFen: null,
  reason: null,
  reasonKey: 'card.supplier.used',
  reasonParams: null,
  appealUntil: '2026-12-01T10:30:00.000Z',
};

export const sampleFacts: { [T in MessageTypeKey]: MessageFacts[T] } = {
  orderDecided: {
    orderId: 12,
    orderNo: 'S20261128093000123456',
    cardType: jdCard,
    creditedFen: 18900,
    cards: [creditedCard(1), creditedCard(2), rejectedCard],
  },
  cardsNeedSeller: {
    orderId: 12,
    orderNo: 'S20261128093000123456',
    cardType: jdCard,
    cards: [
      { ...rejectedCard, status: CardStatus.NotActivated, reasonKey: 'card.supplier.notActivated', appealUntil: null },
      { ...rejectedCard, cardId: 98, maskedNo: 'JD0****5566', reason: '面值不符', reasonKey: null },
    ],
  },
  appealDecided: {
    orderId: 12,
    orderNo: 'S20261128093000123456',
    cardType: jdCard,
    card: { ...creditedCard(99), maskedNo: 'JD0****7788' },
    accepted: true,
    reply: '已核实，按面值入账',
  },
  withdrawalPaid: { withdrawalId: 7, amountFen: 50000, feeFen: 200, channel: PayeeChannel.Alipay, paidAt: '2026-11-28T02:15:00.000Z' },
  withdrawalReturned: { withdrawalId: 8, amountFen: 30000, channel: PayeeChannel.Bank, reason: null, reasonKey: 'payout.failed' },
  shipmentReceived: {
    orderId: 13,
    orderNo: 'S20261127150000654321',
    cardType: L('中石化加油卡（实体卡）', 'Sinopec fuel card (physical)'),
    cardCount: 3,
    receivedAt: '2026-11-27T06:05:00.000Z',
  },
  balanceAdjusted: { amountFen: -1500, reason: '重复入账冲正', balanceFen: 48500 },
  accountFrozen: { reason: '账户存在异常交易，正在核查' },
  accountUnfrozen: {},
};
