/** The merchant rate table's edits: typed percent texts, checked and sent as basis points, empty meaning the public rate. */
import { parsePercentToBp, type AdminMerchantRate, type AdminMerchantRatesBody, type Locale } from '@maika/shared';
import { percentText } from '../../components/moneyRules';
import { translate } from '../../i18n';

export const rateRowKey = (row: Pick<AdminMerchantRate, 'goodsId' | 'faceValueFen'>) => `${row.goodsId}:${row.faceValueFen}`;

/** What the rate input of a row shows when nothing was typed: the merchant's own rate, or empty for the public one. */
export const savedRateText = (row: AdminMerchantRate) => (row.rateBp === null ? '' : percentText(row.rateBp));

/** Why a typed rate cannot be saved, in the reader's language; null when it can (empty goes back to the public rate). */
export function rateProblem(text: string, locale: Locale): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  const parsed = parsePercentToBp(typed);
  if (!parsed.ok) return parsed.message[locale];
  if (parsed.rateBp < 1) return translate('merchants.rateTooLow', undefined, undefined, locale);
  return null;
}

/** The rows whose typed rate differs from the saved one, as the save call takes them; null while any has a problem. */
export function changedRates(
  rows: readonly AdminMerchantRate[],
  drafts: Readonly<Record<string, string>>,
  locale: Locale,
): AdminMerchantRatesBody['rates'] | null {
  const changed: AdminMerchantRatesBody['rates'] = [];
  for (const row of rows) {
    const typed = drafts[rateRowKey(row)];
    if (typed === undefined || typed.trim() === savedRateText(row)) continue;
    if (rateProblem(typed, locale)) return null;
    const parsed = typed.trim() === '' ? null : parsePercentToBp(typed.trim());
    changed.push({ goodsId: row.goodsId, faceValueFen: row.faceValueFen, rateBp: parsed && parsed.ok ? parsed.rateBp : null });
  }
  return changed;
}
