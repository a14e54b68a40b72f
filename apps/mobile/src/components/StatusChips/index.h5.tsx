import { FILTER_ALL, labelOf, type EnumEntry } from '@maika/shared';
import { useLocale } from '@/i18n';
import { ariaState } from '@/a11y';
import type { StatusChips as MiniStatusChips } from './index';
import './index.scss';
import './index.h5.scss';

type StatusChipsProps<E extends EnumEntry> = Parameters<typeof MiniStatusChips<E>>[0];

/**
 * H5: the sideways-scrolling row of status filters as a plain scrolling element (the
 * mini-programs keep their ScrollView, index.tsx), its scrollbar hidden as theirs is.
 */
export function StatusChips<E extends EnumEntry>({ table, value, onChange, colorOf }: StatusChipsProps<E>) {
  const locale = useLocale();
  return (
    <div className="status-chips">
      {table.entries.map((entry) => {
        const active = entry.code === value;
        return (
          <div
            key={entry.code}
            className={active ? 'status-chips__chip status-chips__chip--active' : 'status-chips__chip'}
            role="tab"
            aria-selected={ariaState(active)}
            data-status={String(entry.code)}
            onClick={() => onChange(entry.code)}
          >
            {entry.code === FILTER_ALL ? null : <div className="status-chips__dot" style={{ background: colorOf(entry.code) }} />}
            <span>{labelOf(table, entry.code, locale)}</span>
          </div>
        );
      })}
    </div>
  );
}
