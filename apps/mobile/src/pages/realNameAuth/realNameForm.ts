import { checkIdNumber, isRealName, normalizeRealName, type Locale } from '@maika/shared';
import type { MessageKey } from '@/i18n';

/** Characters of a resident ID number. */
export const ID_NUMBER_LENGTH = 18;

/** What the ID field keeps of what was typed or pasted: digits and X (full-width folded, x raised), at most 18. */
export function idNumberInput(typed: string): string {
  return typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\dX]/g, '')
    .slice(0, ID_NUMBER_LENGTH);
}

/**
 * What is wrong with the ID number so far, in the shared validator's words. While it is being typed
 * only what is already certain is reported (an X before the last place); once all 18 characters are
 * there, everything is checked. `submitted` also reports a number that is too short.
 */
export function idNumberProblem(idNum: string, locale: Locale, submitted = false): string | null {
  const early = idNum.length < ID_NUMBER_LENGTH && !submitted;
  if (early && !idNum.slice(0, ID_NUMBER_LENGTH - 1).includes('X')) return null;
  const check = checkIdNumber(idNum);
  return check.ok ? null : check.message[locale];
}

export function realNameProblem(name: string): MessageKey | null {
  return isRealName(normalizeRealName(name)) ? null : 'realName.error.name';
}
