/** The most the bell's badge counts up to; above it the badge says "99+". */
export const BADGE_MAX = 99;

/** What the bell's badge shows for `unread` messages: nothing for none, at most "99+". */
export function badgeText(unread: number): string {
  if (!(unread > 0)) return '';
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(unread));
}
