import type { Locale } from '@maika/shared';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Operator-written text in the reader's language: English readers get the English version when
 * one was written, else the Chinese (the one version every row has).
 */
export function localized<T extends string | null>(chinese: AnyColumn, english: AnyColumn, locale: Locale): SQL<T> {
  return locale === 'en-US' ? sql<T>`coalesce(nullif(${english}, ''), ${chinese})` : sql<T>`${chinese}`;
}
