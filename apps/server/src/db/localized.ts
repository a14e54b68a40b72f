import type { Locale } from '@maika/shared';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Operator-written text in the reader's language: English readers get the English version when
 * one was written, else the Chinese (the one version every row has). The rule of `writtenIn`
 * (packages/shared i18n.ts), in SQL; every query picking a zh/en column pair goes through here.
 */
export function localized<T extends string | null>(chinese: AnyColumn, english: AnyColumn, locale: Locale): SQL<T> {
  return locale === 'en-US' ? sql<T>`coalesce(nullif(${english}, ''), ${chinese})` : sql<T>`${chinese}`;
}

/** `localized` for a statement written as text (a prepared statement's): the column names as they appear in it. */
export function localizedText(chinese: string, english: string, locale: Locale): string {
  return locale === 'en-US' ? `coalesce(nullif(${english}, ''), ${chinese})` : chinese;
}
