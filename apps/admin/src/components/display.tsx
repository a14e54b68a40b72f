/** Small read-only pieces every page shows the same way: money, rates, dates, status tags, images. */
import { colorHex, formatFen, formatRateBp, labelOf, statusPalette, type EnumEntry, type Locale, type SemanticColor } from '@maika/shared';
import { useGetLocale } from '@refinedev/core';
import { Image, Tag, Typography } from 'antd';
import dayjs from 'dayjs';

export function useLocale(): Locale {
  return useGetLocale()() as Locale;
}

/** Integer fen on the wire, yuan on screen, through the one shared formatter. */
export function Money({ fen, strong, sign }: { fen: number | null | undefined; strong?: boolean; sign?: boolean }) {
  if (fen === null || fen === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  const text = formatFen(fen, sign ? { sign: 'always' } : {});
  const color = sign ? (fen < 0 ? '#cf1322' : fen > 0 ? '#389e0d' : undefined) : undefined;
  return (
    <Typography.Text strong={strong} style={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Typography.Text>
  );
}

export function Rate({ bp }: { bp: number | null | undefined }) {
  return bp === null || bp === undefined ? <>—</> : <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRateBp(bp)}</span>;
}

/** A moment in the operator's time; `stacked` puts the time under the date, for narrow table columns. */
export function DateTime({ value, stacked }: { value: string | null | undefined; stacked?: boolean }) {
  if (!value) return <>—</>;
  const moment = dayjs(value);
  if (stacked) {
    return (
      <span style={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <span>{moment.format('YYYY-MM-DD')}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {moment.format('HH:mm:ss')}
        </Typography.Text>
      </span>
    );
  }
  return <span style={{ whiteSpace: 'nowrap' }}>{moment.format('YYYY-MM-DD HH:mm:ss')}</span>;
}

/**
 * Text held to one line of its table column: what does not fit ends in an ellipsis, and the whole
 * text shows in a tooltip on hover, so no column has to grow past the page for it.
 */
export function Clip({
  text,
  type,
  strong,
  mono,
  copyable,
}: {
  text: string | null | undefined;
  type?: 'secondary' | 'warning';
  strong?: boolean;
  mono?: boolean;
  copyable?: boolean;
}) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text
      type={type}
      strong={strong}
      copyable={copyable}
      ellipsis={{ tooltip: text }}
      style={{ maxWidth: '100%', ...(mono ? { fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 } : {}) }}
    >
      {text}
    </Typography.Text>
  );
}

type ColoredEntry = EnumEntry & { readonly color?: string };
const isSemantic = (color: string): color is SemanticColor => color in statusPalette;

/**
 * A status from one of the shared tables, in its label and colour: the table's own (card statuses
 * have theirs, docs/product.md "Card statuses"), else the console's `colors` for tables that have none.
 */
export function EnumTag({
  table,
  code,
  colors,
}: {
  table: { byCode(code: number): ColoredEntry | undefined };
  code: number;
  colors?: Readonly<Record<number, string>>;
}) {
  const locale = useLocale();
  const own = table.byCode(code)?.color;
  const color = colors?.[code] ?? (own ? (isSemantic(own) ? colorHex(own) : own) : 'default');
  return <Tag color={color}>{labelOf(table, code, locale)}</Tag>;
}

/** Antd tag colours for the withdrawal and feedback statuses, which have none (docs/product.md "Withdrawal statuses"). */
export const withdrawalStatusColors: Readonly<Record<number, string>> = {
  0: 'default',
  1: 'success',
  2: 'error',
  3: 'warning',
  4: 'purple',
  5: 'processing',
  6: 'gold',
};
export const feedbackStatusColors: Readonly<Record<number, string>> = { 0: 'warning', 1: 'success', 2: 'default' };
export const settlementStatusColors: Readonly<Record<number, string>> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
export const accountStatusColors: Readonly<Record<number, string>> = { 0: 'success', 1: 'error', 2: 'default' };

/** Select options from a shared table (its filter-only "all" row left out). */
export function enumOptions(table: { values: readonly EnumEntry[] }, locale: Locale) {
  return table.values.map((entry) => ({ value: entry.code, label: entry.label[locale] }));
}

/** A server-relative upload or asset path as an image with preview. */
export function Thumb({ src, size = 48 }: { src: string | null | undefined; size?: number }) {
  if (!src) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Image src={src} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}

export function BoolTag({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <Tag color={value ? 'green' : 'default'}>{value ? yes : no}</Tag>;
}
