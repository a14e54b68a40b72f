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

/** A sideways-scrolling row of status filters over a list. */
export function StatusChips<E extends EnumEntry>({ table, value, onChange, colorOf }: StatusChipsProps<E>) {
  const locale = useLocale();
  return (
    <ScrollView className="status-chips" scrollX enhanced showScrollbar={false}>
      {table.entries.map((entry) => {
        const active = entry.code === value;
        return (
          <View
            key={entry.code}
            className={active ? 'status-chips__chip status-chips__chip--active' : 'status-chips__chip'}
            role="tab"
            aria-selected={ariaState(active)}
            data-status={String(entry.code)}
            onClick={() => onChange(entry.code)}
          >
            {entry.code === FILTER_ALL ? null : <View className="status-chips__dot" style={{ background: colorOf(entry.code) }} />}
            <Text>{labelOf(table, entry.code, locale)}</Text>
          </View>
        );
      })}
    </ScrollView>
  );
}
