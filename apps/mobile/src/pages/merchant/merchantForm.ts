/** The merchant page's rules: what stops an application or a callback address being sent, and what is sent. */
import {
  MERCHANT_CONTACT_MAX,
  MERCHANT_MONTHLY_VOLUME_MAX,
  MERCHANT_NAME_MAX,
  MERCHANT_NAME_MIN,
  type MerchantApplyBody,
  type MerchantKey,
} from '@maika/shared';
import type { MessageKey } from '@/i18n';

export interface MerchantApplyDraft {
  name: string;
  contact: string;
  /** As typed: digits only. */
  monthlyVolume: string;
}

export const emptyApplyDraft: MerchantApplyDraft = { name: '', contact: '', monthlyVolume: '' };

export interface FormProblem {
  field: keyof MerchantApplyDraft | 'notifyUrl';
  key: MessageKey;
  params?: Readonly<Record<string, number>>;
}

const lengthOf = (text: string) => text.trim().length;

/** Every problem of the draft, one per field, in the order the form shows them; the rules are the server's own. */
export function applyProblems(draft: MerchantApplyDraft): FormProblem[] {
  const problems: FormProblem[] = [];
  const limits = { min: MERCHANT_NAME_MIN, max: MERCHANT_NAME_MAX };
  if (lengthOf(draft.name) === 0) problems.push({ field: 'name', key: 'merchant.apply.error.nameEmpty' });
  else if (lengthOf(draft.name) < MERCHANT_NAME_MIN || lengthOf(draft.name) > MERCHANT_NAME_MAX)
    problems.push({ field: 'name', key: 'merchant.apply.error.nameLength', params: limits });
  if (lengthOf(draft.contact) === 0) problems.push({ field: 'contact', key: 'merchant.apply.error.contactEmpty' });
  else if (lengthOf(draft.contact) < MERCHANT_NAME_MIN || lengthOf(draft.contact) > MERCHANT_CONTACT_MAX)
    problems.push({
      field: 'contact',
      key: 'merchant.apply.error.contactLength',
      params: { min: MERCHANT_NAME_MIN, max: MERCHANT_CONTACT_MAX },
    });
  const volume = draft.monthlyVolume.trim();
  if (volume === '') problems.push({ field: 'monthlyVolume', key: 'merchant.apply.error.volumeEmpty' });
  else if (!/^\d+$/.test(volume) || Number(volume) < 1 || Number(volume) > MERCHANT_MONTHLY_VOLUME_MAX)
    problems.push({ field: 'monthlyVolume', key: 'merchant.apply.error.volumeRange', params: { max: MERCHANT_MONTHLY_VOLUME_MAX } });
  return problems;
}

/** The digits of a typed volume, without leading zeros: what the number field keeps. */
export function volumeInput(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, String(MERCHANT_MONTHLY_VOLUME_MAX).length);
}

/** The request of a draft without problems. */
export function applyRequest(draft: MerchantApplyDraft): MerchantApplyBody {
  return { name: draft.name.trim(), contact: draft.contact.trim(), monthlyVolume: Number(draft.monthlyVolume.trim()) };
}

const NOTIFY_URL_MAX = 500;

/**
 * What stops a callback address being saved before the server checks where it leads (https, a public
 * address); empty removes the address.
 */
export function notifyUrlProblem(typed: string): FormProblem | null {
  const url = typed.trim();
  if (url === '') return null;
  if (url.length > NOTIFY_URL_MAX) return { field: 'notifyUrl', key: 'merchant.notify.error.tooLong', params: { max: NOTIFY_URL_MAX } };
  if (!/^https?:\/\/[^\s/?#]+\S*$/i.test(url)) return { field: 'notifyUrl', key: 'merchant.notify.error.format' };
  return null;
}

/** Keys that still sign requests, for the "n of 5" count beside the create button. */
export function activeKeyCount(keys: readonly MerchantKey[]): number {
  return keys.filter((key) => !key.revoked).length;
}
