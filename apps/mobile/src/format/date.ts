const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-11-22T13:53:59.322Z' → '2026-11-22' in the device's time zone; the same in every locale. */
export function formatCalendarDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** '2026-11-22T13:53:59Z' → '2026-11-22 21:53' in the device's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatCalendarDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
