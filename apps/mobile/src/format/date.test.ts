import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime } from './date';

describe('calendar dates', () => {
  it('shows the local day of a server timestamp, zero-padded', () => {
    expect(formatCalendarDate(new Date(2026, 10, 2, 8, 30).toISOString())).toBe('2026-11-02');
  });

  it('shows nothing for a timestamp it cannot read', () => {
    expect(formatCalendarDate('yesterday')).toBe('');
  });
});

describe('date and time', () => {
  it('shows the local day and minute of a server timestamp, zero-padded', () => {
    expect(formatDateTime(new Date(2026, 10, 2, 8, 5, 59).toISOString())).toBe('2026-11-02 08:05');
  });

  it('shows nothing for a timestamp it cannot read', () => {
    expect(formatDateTime('yesterday')).toBe('');
  });
});
