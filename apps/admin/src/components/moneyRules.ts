import { formatFen, parseYuanToFen, parsePercentToBp, type Locale } from '@maika/shared';
import type { Rule } from 'antd/es/form';
import { translate } from '../i18n';

/**
 * Form rules for amounts typed in yuan and rates typed in percent: checked by the shared exact
 * parsers, so what is sent is integer fen / basis points and never a float.
 */
export function yuanRule(locale: Locale, required: boolean, allowZero = false): Rule {
  return {
    validator: async (_, value: string | undefined) => {
      if (!value && !required) return;
      const parsed = parseYuanToFen(value ?? '');
      if (!parsed.ok) throw new Error(parsed.message[locale]);
      if (parsed.fen === 0 && !allowZero) throw new Error(translate('common.amountPositive'));
    },
  };
}

export function percentRule(locale: Locale): Rule {
  return {
    validator: async (_, value: string | undefined) => {
      const parsed = parsePercentToBp(value ?? '');
      if (!parsed.ok) throw new Error(parsed.message[locale]);
    },
  };
}

/** The fen of a yuan string that passed `yuanRule`; undefined when left empty. */
export function fenOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const parsed = parseYuanToFen(value);
  return parsed.ok ? parsed.fen : undefined;
}

export function bpOf(value: string): number {
  const parsed = parsePercentToBp(value);
  if (!parsed.ok) throw new Error(parsed.message['en-US']);
  return parsed.rateBp;
}

/** Fen as the plain yuan text an input shows ('96.50'), for editing. */
export function yuanText(fen: number): string {
  return formatFen(fen, { symbol: false, grouping: false });
}

/** Basis points as the plain percent text an input shows ('96.50'). */
export function percentText(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
