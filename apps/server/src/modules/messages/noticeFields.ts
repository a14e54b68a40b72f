/**
 * What a message says outside the app, field by field: the variables of its SMS template (by name,
 * in order) and of its mini-program templates (WeChat by kind and position: thing1, amount2 …;
 * Alipay keyword1, keyword2 …). One table for every channel, so an operator registers templates
 * with the same fields everywhere (docs/design.md "Messages"). Card numbers appear masked, as in
 * the app; nothing else about a card is sent.
 */
import {
  formatFen,
  isTextKey,
  L,
  payeeChannelTable,
  renderMessage,
  renderText,
  type Locale,
  type LocalizedText,
  type MessageTypeKey,
} from '@maika/shared';
import { beijingTime } from '../../lib/csv';
import type { FieldKind } from '../../providers/subscribeMessage';
import type { MessageFacts } from './facts';
import { cardReason } from './render';

export interface NoticeField {
  /** The variable's name in the SMS template. */
  name: string;
  kind: FieldKind;
  value: string;
}

interface FieldRule<T extends MessageTypeKey> {
  name: string;
  kind: FieldKind;
  value: (facts: MessageFacts[T], locale: Locale) => string;
}

type Layouts = { [T in MessageTypeKey]: readonly FieldRule<T>[] };

const words = {
  cards: L('{count} 张卡', '{count} cards'),
  accepted: L('已通过', 'Accepted'),
  refused: L('未通过', 'Not accepted'),
  frozen: L('账户已冻结', 'Account frozen'),
  unfrozen: L('账户已解冻，可正常提现', 'Unfrozen: you can withdraw again'),
  none: L('无', 'None'),
} as const satisfies Record<string, LocalizedText>;

const say = (text: LocalizedText, locale: Locale, params: Record<string, unknown> = {}) => renderMessage(text[locale], params, locale);
/** An amount as the platforms take it: a currency sign and digits, no grouping. */
const amount = (fen: number) => formatFen(Math.abs(fen), { grouping: false });
/** Beijing time to the minute, as WeChat's time fields take it. */
const minute = (iso: string) => beijingTime(iso)!.slice(0, 16);
const channelName = (code: number, locale: Locale) => payeeChannelTable.byCode(code)?.label[locale] ?? '';
const orEmpty = (text: string | null, locale: Locale) => (text && text.trim() ? text : say(words.none, locale));

const layouts: Layouts = {
  orderDecided: [
    { name: 'orderNo', kind: 'character_string', value: (f) => f.orderNo },
    { name: 'cardType', kind: 'thing', value: (f, l) => f.cardType[l] },
    { name: 'amount', kind: 'amount', value: (f) => amount(f.creditedFen) },
  ],
  cardsNeedSeller: [
    { name: 'orderNo', kind: 'character_string', value: (f) => f.orderNo },
    { name: 'cardType', kind: 'thing', value: (f, l) => f.cardType[l] },
    { name: 'count', kind: 'thing', value: (f, l) => say(words.cards, l, { count: f.cards.length }) },
  ],
  appealDecided: [
    { name: 'orderNo', kind: 'character_string', value: (f) => f.orderNo },
    { name: 'card', kind: 'character_string', value: (f) => f.card.maskedNo },
    { name: 'result', kind: 'thing', value: (f, l) => say(f.accepted ? words.accepted : words.refused, l) },
    { name: 'reply', kind: 'thing', value: (f, l) => orEmpty(f.reply ?? cardReason(f.card, l), l) },
  ],
  withdrawalPaid: [
    { name: 'amount', kind: 'amount', value: (f) => amount(f.amountFen) },
    { name: 'channel', kind: 'thing', value: (f, l) => channelName(f.channel, l) },
    { name: 'paidAt', kind: 'time', value: (f) => minute(f.paidAt) },
  ],
  withdrawalReturned: [
    { name: 'amount', kind: 'amount', value: (f) => amount(f.amountFen) },
    { name: 'channel', kind: 'thing', value: (f, l) => channelName(f.channel, l) },
    {
      name: 'reason',
      kind: 'thing',
      value: (f, l) => orEmpty(f.reasonKey && isTextKey(f.reasonKey) ? renderText({ key: f.reasonKey }, l) : f.reason, l),
    },
  ],
  shipmentReceived: [
    { name: 'orderNo', kind: 'character_string', value: (f) => f.orderNo },
    { name: 'cards', kind: 'thing', value: (f, l) => `${say(words.cards, l, { count: f.cardCount })} ${f.cardType[l]}` },
    { name: 'receivedAt', kind: 'time', value: (f) => minute(f.receivedAt) },
  ],
  balanceAdjusted: [
    // Signed, which the amount kind refuses: the change is written out as words.
    { name: 'change', kind: 'thing', value: (f) => formatFen(f.amountFen, { sign: 'always', grouping: false }) },
    { name: 'balance', kind: 'amount', value: (f) => amount(f.balanceFen) },
    { name: 'reason', kind: 'thing', value: (f, l) => orEmpty(f.reason, l) },
  ],
  accountFrozen: [
    { name: 'status', kind: 'thing', value: (_f, l) => say(words.frozen, l) },
    { name: 'reason', kind: 'thing', value: (f, l) => orEmpty(f.reason, l) },
  ],
  accountUnfrozen: [{ name: 'status', kind: 'thing', value: (_f, l) => say(words.unfrozen, l) }],
};

/** The message's fields in its template's order, in the reader's language. */
export function noticeFields<T extends MessageTypeKey>(type: T, facts: MessageFacts[T], locale: Locale): NoticeField[] {
  const rules = layouts[type] as readonly FieldRule<T>[];
  return rules.map((rule) => ({ name: rule.name, kind: rule.kind, value: rule.value(facts, locale) }));
}

/** The variables a type's templates take, in order: what an operator registers at each vendor (docs/product.md "Messages"). */
export function templateVariables(type: MessageTypeKey): { name: string; kind: FieldKind }[] {
  return layouts[type].map(({ name, kind }) => ({ name, kind }));
}
