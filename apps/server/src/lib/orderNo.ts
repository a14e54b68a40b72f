import { randomInt } from 'node:crypto';

const RANDOM_DIGITS = 12;

/**
 * A new order number: its kind's letter (S a card order, W a withdrawal), the UTC time to the
 * second (yyyymmddhhmmss) and 12 random digits. Sortable by time, and 27 characters, so a payout's
 * retry suffix (R and the attempt) stays within WeChat Pay's 32 letters or digits. With six random
 * digits, numbers drawn by the thousand a second repeated about once a second (n² / 2·10^6), and
 * each repeat rolled back a statement deciding several withdrawals together (migration 0038); with
 * twelve, one in 10^12 pairs of a second repeats, and the unique index and the callers' retry
 * handle it.
 */
export function newOrderNo(kind: 'S' | 'W'): string {
  const second = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `${kind}${second}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}
