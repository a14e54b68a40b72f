/** CSV for Excel: UTF-8 with a byte-order mark (so Excel reads Chinese), RFC 4180 quoting, CRLF rows. */
import { formatFen, renderText, textCatalogue, type EnumEntry, type EnumTable, type Locale, type TextKey } from '@maika/shared';
import { BUSINESS_TIME_ZONE } from './businessTime';

export const CSV_BOM = '\uFEFF';

/** Text is quoted as needed and kept from running as a formula; null is an empty cell. */
export type Cell = string | number | null;

/**
 * A user-typed value beginning with = + - @ (or a tab or CR) would run as a formula when the
 * sheet is opened (OWASP "CSV injection"); a leading apostrophe makes Excel show it as text.
 */
function neutralised(text: string): string {
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutralised(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface Column<T> {
  header: Record<Locale, string>;
  value(row: T, locale: Locale): Cell;
}

export function toCsv<T>(columns: readonly Column<T>[], rows: readonly T[], locale: Locale): string {
  const lines = [columns.map((c) => csvCell(c.header[locale])).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row, locale))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Fen as yuan with two decimals, no symbol or grouping: 123450 → 1234.50 (Excel reads it as a number). */
export const yuan = (fen: number | null): string | null => (fen === null ? null : formatFen(fen, { symbol: false, grouping: false }));

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO time as Beijing time, 2025-01-31 09:05:00: what operators read everywhere else. */
export const beijingTime = (iso: string | null): string | null => (iso === null ? null : shanghai.format(new Date(iso)));

/** 20250131-0905 in Beijing time, for export file names: two exports of a day sort and do not overwrite each other. */
export function fileStamp(at = new Date()): string {
  const [date = '', time = ''] = shanghai.format(at).split(' ');
  return `${date.replace(/-/g, '')}-${time.slice(0, 5).replace(':', '')}`;
}

/** A header from the catalogue, rendered in the operator's language when the file is written. */
export const exportHeader = (key: TextKey & `export.${string}`) => textCatalogue[key];
/** A coded value as its label in the operator's language; an unknown code as the number. */
export const codeLabel = (table: EnumTable<EnumEntry>, code: number, locale: Locale) => table.byCode(code)?.label[locale] ?? String(code);
export const yesNo = (value: boolean, locale: Locale) => renderText({ key: value ? 'export.yes' : 'export.no' }, locale);
