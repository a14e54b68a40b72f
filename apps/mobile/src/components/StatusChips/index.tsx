import { FILTER_ALL, labelOf, type EnumEntry } from '@maika/shared';
import { ScrollView, Text, View } from '@tarojs/components';
import { useLocale } from '@/i18n';
import './index.scss';
import { ariaState } from '@/a11y';

interface StatusChipsProps<E extends EnumEntry> {
  /** A status table with its filter-only "all" row: one chip a row, in the table's order. */
  table: { entries: readonly E[]; byCode(code: number): EnumEntry | undefined };
  value: E['code'];
  onChange(code: E['code']): void;
  /** The colour of a status's dot ("all" has none). */
  colorOf(code: E['code']): string;
}

// TARO_ENV is a build-time constant, so each build keeps one side. H5 draws the chips as plain
// elements: no component code, nor touch listeners a sideways scroll would wait on.
const Chip = (process.env.TARO_ENV === 'h5' ? 'div' : View) as typeof View;
const ChipLabel = (process.env.TARO_ENV === 'h5' ? 'span' : Text) as typeof Text;

/**
 * A sideways-scrolling row of status filters over a list: a ScrollView on the mini-programs, a plain
 * scrolling element on H5 with its scrollbar hidden as theirs is (index.scss).
 */
export function StatusChips<E extends EnumEntry>({ table, value, onChange, colorOf }: StatusChipsProps<E>) {
  const locale = useLocale();
  const chips = table.entries.map((entry) => {
    const active = entry.code === value;
    return (
      <Chip
        key={entry.code}
        className={active ? 'status-chips__chip status-chips__chip--active' : 'status-chips__chip'}
        role="tab"
        aria-selected={ariaState(active)}
        data-status={String(entry.code)}
        onClick={() => onChange(entry.code)}
      >
        {entry.code === FILTER_ALL ? null : <Chip className="status-chips__dot" style={{ background: colorOf(entry.code) }} />}
        <ChipLabel>{labelOf(table, entry.code, locale)}</ChipLabel>
      </Chip>
    );
  });
  return process.env.TARO_ENV === 'h5' ? (
    <div className="status-chips">{chips}</div>
  ) : (
    <ScrollView className="status-chips" scrollX enhanced showScrollbar={false}>
      {chips}
    </ScrollView>
  );
}
