/**
 * A message's words, rendered from its type and facts in the reader's language: in the app when
 * the list is read, and outside it when a delivery is sent. Amounts and statuses are written as
 * the app writes them everywhere else.
 */
import {
  cardStatusTable,
  formatFen,
  isTextKey,
  L,
  payeeChannelTable,
  renderMessage,
  renderText,
  messageTypeTable,
  type Locale,
  type MessageItem,
  type MessageType,
  type MessageTypeKey,
} from '@maika/shared';
import { beijingTime } from '../../lib/csv';
import type { CardOutcome, MessageFacts } from './facts';

/** A message lists at most this many cards; the order's page shows the rest. */
const CARDS_LISTED = 5;

const titles = {
  orderDecided: L('订单已处理完成', 'Order completed'),
  cardsNeedSeller: L('有卡需要您处理', 'Cards need your attention'),
  appealDecided: L('申诉有结果了', 'Your appeal was decided'),
  withdrawalPaid: L('提现已到账', 'Withdrawal paid'),
  withdrawalReturned: L('提现未成功，已退回余额', 'Withdrawal failed and returned to your balance'),
  shipmentReceived: L('邮寄的卡已签收', 'Your mailed cards arrived'),
  balanceAdjusted: L('余额已调整', 'Your balance was adjusted'),
  accountFrozen: L('账户已冻结', 'Your account is frozen'),
  accountUnfrozen: L('账户已解冻', 'Your account is unfrozen'),
} as const satisfies Record<MessageTypeKey, unknown>;

const texts = {
  orderDecided: L(
    '您的{cardType}订单 {orderNo} 已处理完成：{count} 张卡，到账 {amount}。',
    'Your {cardType} order {orderNo} is complete: {count, plural, one {# card} other {# cards}}, {amount} credited.',
  ),
  orderDecidedSomeNot: L(
    '其中 {count} 张未到账，点开查看原因。',
    '{count, plural, one {# of them was} other {# of them were}} not credited: open it to see why.',
  ),
  cardsNeedSeller: L(
    '订单 {orderNo} 有 {count} 张卡需要您处理：',
    '{count, plural, one {# card} other {# cards}} of order {orderNo} {count, plural, one {needs} other {need}} you:',
  ),
  appealAccepted: L('卡号 {card}（订单 {orderNo}）的申诉已通过。', 'Your appeal for card {card} (order {orderNo}) was accepted.'),
  appealRefused: L('卡号 {card}（订单 {orderNo}）的申诉未通过。', 'Your appeal for card {card} (order {orderNo}) was not accepted.'),
  appealReply: L('回复：{reply}', 'Reply: {reply}'),
  withdrawalPaid: L('您提现的 {amount} 已到账{channel}。', 'The {amount} you withdrew has been paid ({channel}).'),
  withdrawalFee: L('手续费 {fee}。', 'Fee: {fee}.'),
  withdrawalReturned: L(
    '您提现的 {amount} 未能转到{channel}，已退回余额。',
    'The {amount} you withdrew ({channel}) could not be paid and is back in your balance.',
  ),
  reason: L('原因：{reason}', 'Reason: {reason}'),
  shipmentReceived: L(
    '您邮寄的 {count} 张{cardType}（订单 {orderNo}）已于 {at} 签收，我们会尽快审核。',
    '{count, plural, one {The card} other {The # cards}} you mailed (order {orderNo}, {cardType}) arrived on {at}; we will review {count, plural, one {it} other {them}} soon.',
  ),
  balanceAdjusted: L(
    '客服调整了您的余额 {amount}，调整后余额 {balance}。原因：{reason}',
    'Customer service adjusted your balance by {amount}; it is now {balance}. Reason: {reason}',
  ),
  accountFrozen: L(
    '您的账户已被冻结，暂时不能提现。如有疑问请联系客服。',
    'Your account is frozen: withdrawals are paused. Contact customer service with any questions.',
  ),
  accountUnfrozen: L('您的账户已解冻，可以正常提现了。', 'Your account is unfrozen: you can withdraw again.'),
  card: L('{card} {status}', '{card}: {status}'),
  cardAmount: L('{card} 到账 {amount}', '{card}: {amount} credited'),
  appealUntil: L('可在 {until} 前申诉', 'Appeal before {until}'),
  more: L('还有 {count} 张，详见订单', 'and {count} more on the order page'),
} as const;

const say = (text: (typeof texts)[keyof typeof texts], locale: Locale, params: Record<string, unknown> = {}) =>
  renderMessage(text[locale], params, locale);

/** Two sentences of one line: Chinese runs them on, English puts a space between them. */
const sentences = (first: string, second: string, locale: Locale) => (locale === 'zh-CN' ? first + second : `${first} ${second}`);

/** A card's reason in the reader's language: our own key rendered, or the words as given. */
export function cardReason(card: CardOutcome, locale: Locale): string | null {
  if (card.reasonKey && isTextKey(card.reasonKey))
    return renderText({ key: card.reasonKey, params: card.reasonParams ?? undefined }, locale);
  return card.reason;
}

/** One card's line: credited with its amount, or its status with the reason and the appeal window. */
export function cardLine(card: CardOutcome, locale: Locale): string {
  if (card.amountFen !== null) return say(texts.cardAmount, locale, { card: card.maskedNo, amount: formatFen(card.amountFen) });
  const status = cardStatusTable.byCode(card.status)?.label[locale] ?? '';
  const parts = [say(texts.card, locale, { card: card.maskedNo, status })];
  const reason = cardReason(card, locale);
  if (reason) parts.push(reason);
  if (card.appealUntil) parts.push(say(texts.appealUntil, locale, { until: beijingTime(card.appealUntil)!.slice(0, 16) }));
  return parts.join(locale === 'zh-CN' ? '，' : '. ');
}

function cardLines(cards: readonly CardOutcome[], locale: Locale): string[] {
  const lines = cards.slice(0, CARDS_LISTED).map((card) => cardLine(card, locale));
  if (cards.length > CARDS_LISTED) lines.push(say(texts.more, locale, { count: cards.length - CARDS_LISTED }));
  return lines;
}

type Renderers = { [T in MessageTypeKey]: (facts: MessageFacts[T], locale: Locale) => string[] };

const contents: Renderers = {
  orderDecided: (f, locale) => {
    const notCredited = f.cards.filter((c) => c.amountFen === null).length;
    const head = say(texts.orderDecided, locale, {
      cardType: f.cardType[locale],
      orderNo: f.orderNo,
      count: f.cards.length,
      amount: formatFen(f.creditedFen),
    });
    return [
      notCredited > 0 ? sentences(head, say(texts.orderDecidedSomeNot, locale, { count: notCredited }), locale) : head,
      ...cardLines(f.cards, locale),
    ];
  },
  cardsNeedSeller: (f, locale) => [
    say(texts.cardsNeedSeller, locale, { orderNo: f.orderNo, count: f.cards.length }),
    ...cardLines(f.cards, locale),
  ],
  appealDecided: (f, locale) => [
    say(f.accepted ? texts.appealAccepted : texts.appealRefused, locale, { card: f.card.maskedNo, orderNo: f.orderNo }),
    ...(f.reply ? [say(texts.appealReply, locale, { reply: f.reply })] : []),
  ],
  withdrawalPaid: (f, locale) => {
    const channel = payeeChannelTable.byCode(f.channel)?.label[locale] ?? '';
    const paid = say(texts.withdrawalPaid, locale, { amount: formatFen(f.amountFen), channel });
    return [f.feeFen > 0 ? sentences(paid, say(texts.withdrawalFee, locale, { fee: formatFen(f.feeFen) }), locale) : paid];
  },
  withdrawalReturned: (f, locale) => {
    const channel = payeeChannelTable.byCode(f.channel)?.label[locale] ?? '';
    const reason =
      f.reasonKey && isTextKey(f.reasonKey) ? renderText({ key: f.reasonKey, params: f.reasonParams ?? undefined }, locale) : f.reason;
    return [
      say(texts.withdrawalReturned, locale, { amount: formatFen(f.amountFen), channel }),
      ...(reason ? [say(texts.reason, locale, { reason })] : []),
    ];
  },
  shipmentReceived: (f, locale) => [
    say(texts.shipmentReceived, locale, {
      count: f.cardCount,
      cardType: f.cardType[locale],
      orderNo: f.orderNo,
      at: beijingTime(f.receivedAt)!.slice(0, 16),
    }),
  ],
  balanceAdjusted: (f, locale) => [
    say(texts.balanceAdjusted, locale, {
      amount: formatFen(f.amountFen, { sign: 'always' }),
      balance: formatFen(f.balanceFen),
      reason: f.reason,
    }),
  ],
  accountFrozen: (f, locale) => [say(texts.accountFrozen, locale), ...(f.reason ? [say(texts.reason, locale, { reason: f.reason })] : [])],
  accountUnfrozen: (_f, locale) => [say(texts.accountUnfrozen, locale)],
};

/** The app page a message opens, or null when it is about no one page. */
export function messageLink<T extends MessageTypeKey>(facts: MessageFacts[T]): string | null {
  if ('orderId' in facts) return `/pages/orderDetail/orderDetail?id=${facts.orderId}`;
  if ('withdrawalId' in facts) return `/pages/withdrawRecord/withdrawRecord?id=${facts.withdrawalId}`;
  return null;
}

/** Title and text (lines joined by newlines) in the reader's language. */
export function renderMessageText<T extends MessageTypeKey>(
  type: T,
  facts: MessageFacts[T],
  locale: Locale,
): { title: string; content: string } {
  const render = contents[type] as (facts: MessageFacts[T], locale: Locale) => string[];
  return { title: titles[type][locale], content: render(facts, locale).join('\n') };
}

/** A stored message as its reader sees it: its words in their language and the page it opens. */
export function toMessageItem(
  row: { id: number; type: MessageType; params: unknown; readAt: Date | null; createdAt: Date },
  locale: Locale,
): MessageItem {
  const facts = row.params as MessageFacts[MessageTypeKey];
  return {
    id: row.id,
    type: row.type,
    ...renderMessageText(messageTypeTable.byCode(row.type)!.key, facts, locale),
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    link: messageLink(facts),
  };
}
