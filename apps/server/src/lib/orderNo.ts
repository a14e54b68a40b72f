import { randomInt } from 'node:crypto';

const RANDOM_DIGITS = 8;

/**
 * A new order number: its kind's letter (S a card order, W a withdrawal), the UTC time to the
 * second (yymmddhhmmss) and 8 random digits. Sortable by time, and 21 characters, which the
 * console's order number columns show whole and a payout's retry suffix (R and the attempt) keeps
 * within WeChat Pay's 32 letters or digits. The year has two digits so that the random part has
 * eight: with six, numbers drawn by the thousand a second repeated about once a second
 * (n² / 2·10^6), and each repeat failed a statement deciding several withdrawals together
 * (migration 0038); with eight, once in about three minutes at that rate. The unique index and the
 * callers' retry handle a repeat.
 */
export function newOrderNo(kind: 'S' | 'W'): string {
  const second = new Date().toISOString().replace(/\D/g, '').slice(2, 14);
  return `${kind}${second}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0')}`;
}
