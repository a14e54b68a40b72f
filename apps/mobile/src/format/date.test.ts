import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './date';

describe('calendar dates', () => {
  it('shows the local day of a server timestamp, zero-padded', () => {
    expect(formatCalendarDate(new Date(2026, 10, 2, 8, 30).toISOString())).toBe('2026-11-02');
  });

  it('shows nothing for a timestamp it cannot read', () => {
    expect(formatCalendarDate('yesterday')).toBe('');
  });
});
