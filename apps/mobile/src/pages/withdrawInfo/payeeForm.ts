/** What the payee forms keep of what is typed, and what stops a save, per channel. */
import {
  normalizeBankCardNumber,
  PayeeChannel,
  payeeAccountProblem,
  payeeChannelTable,
  PAYEE_BRANCH_MAX,
  type PayeeChannelKey,
} from '@maika/shared';
import type { MessageKey } from '@/i18n';

/** Bank card numbers have at most 19 digits. */
const CARD_DIGITS_MAX = 19;

/** The card number as typed, in groups of four: '6222 0212 3456 7890 123'. */
export function cardNumberInput(typed: string): string {
  const digits = normalizeBankCardNumber(typed).replace(/\D/g, '').slice(0, CARD_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface PayeeDraft {
  channel: PayeeChannel;
  account: string;
  bankCode: string;
  branch: string;
}

/** The channels whose account the user types: WeChat Pay pays the WeChat linked by logging in to the mini-program. */
export type TypedChannel = Exclude<PayeeChannel, typeof PayeeChannel.WeChat>;

/** The keys of the channels whose account the user types (TypedChannel's keys). */
type TypedChannelKey = Exclude<PayeeChannelKey, 'wechat'>;

/**
 * What the form shows for a typed account, by the channel's key in the shared table:
 * `withdrawInfo.<key>.label`, `.placeholder` and `.error`. A channel without them fails to compile.
 */
export function accountTexts(channel: TypedChannel): { label: MessageKey; placeholder: MessageKey; error: MessageKey } {
  const key = payeeChannelTable.byCode(channel)!.key as TypedChannelKey;
  return {
    label: `withdrawInfo.${key}.label` as const,
    placeholder: `withdrawInfo.${key}.placeholder` as const,
    error: `withdrawInfo.${key}.error` as const,
  };
}

export const typesAccount = (channel: PayeeChannel): channel is TypedChannel => channel !== PayeeChannel.WeChat;

/** The first thing stopping a save, in the order the form reads; the rules are the server's own. */
export function payeeProblem(draft: PayeeDraft): MessageKey | null {
  if (!typesAccount(draft.channel)) return null;
  if (draft.account.trim() === '') return 'withdrawInfo.error.accountEmpty';
  if (payeeAccountProblem(draft.channel, draft.account)) return accountTexts(draft.channel).error;
  if (draft.channel === PayeeChannel.Bank && draft.bankCode === '') return 'withdrawInfo.error.bankName';
  if ([...draft.branch.trim()].length > PAYEE_BRANCH_MAX) return 'withdrawInfo.error.branch';
  return null;
}

/** The body of savePayee for a draft: no account for WeChat, bank fields only for bank cards. */
export function savePayeeRequest(draft: PayeeDraft, id: number | undefined) {
  const bank = draft.channel === PayeeChannel.Bank;
  const branch = draft.branch.trim();
  return {
    ...(id ? { id } : {}),
    channel: draft.channel,
    ...(typesAccount(draft.channel) ? { account: bank ? normalizeBankCardNumber(draft.account) : draft.account.trim() } : {}),
    ...(bank ? { bankCode: draft.bankCode, ...(branch ? { branch } : {}) } : {}),
  };
}
