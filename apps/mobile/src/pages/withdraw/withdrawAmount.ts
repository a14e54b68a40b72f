/**
 * The withdrawal form's arithmetic, in integer fen: what the typed amount means, what it costs, and
 * the most "withdraw all" can ask for. The fee is charged on top of the amount: the payee receives
 * the amount, the balance gives up amount + fee.
 */
import { parseYuanToFen } from '@maika/shared';

/** What the form needs of a withdrawal channel. */
export interface ChannelLimits {
  minFen: number;
  maxFen: number;
}

/** The fee of withdrawing `amountFen` through the chosen channel. */
export type FeeOf = (amountFen: number) => number;

export type AmountProblem =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'tooManyDecimals' }
  | { kind: 'belowMin'; minFen: number }
  | { kind: 'aboveMax'; maxFen: number }
  | { kind: 'aboveBalance'; availableFen: number; feeFen: number };

export type AmountCheck =
  | { ok: true; amountFen: number; feeFen: number; totalFen: number }
  | { ok: false; problem: AmountProblem; amountFen: number | null; feeFen: number | null };

/**
 * What the amount field keeps of what was typed: digits and the first decimal point. Extra decimals
 * stay, so the form can say there are too many rather than silently dropping money.
 */
export function amountInput(typed: string): string {
  const ascii = typed.normalize('NFKC').replace(/[^\d.]/g, '');
  const point = ascii.indexOf('.');
  return point < 0 ? ascii : `${ascii.slice(0, point + 1)}${ascii.slice(point + 1).replace(/\./g, '')}`;
}

/**
 * Checks the typed yuan against the channel and the balance, in the order a user fixes them: the
 * number itself, the channel's minimum, whether the balance covers amount + fee, then the channel's
 * maximum. The balance before the maximum: above both, lowering to the maximum would still fail.
 */
export function checkAmount(typed: string, limits: ChannelLimits, availableFen: number, feeOf: FeeOf): AmountCheck {
  const parsed = parseYuanToFen(typed);
  if (!parsed.ok) {
    const kind = parsed.error === 'empty' ? 'empty' : parsed.error === 'tooManyDecimals' ? 'tooManyDecimals' : 'invalid';
    return { ok: false, problem: { kind }, amountFen: null, feeFen: null };
  }
  const amountFen = parsed.fen;
  if (amountFen === 0) return { ok: false, problem: { kind: 'empty' }, amountFen, feeFen: null };
  const feeFen = feeOf(amountFen);
  const fail = (problem: AmountProblem): AmountCheck => ({ ok: false, problem, amountFen, feeFen });
  if (amountFen < limits.minFen) return fail({ kind: 'belowMin', minFen: limits.minFen });
  if (amountFen + feeFen > availableFen) return fail({ kind: 'aboveBalance', availableFen, feeFen });
  if (amountFen > limits.maxFen) return fail({ kind: 'aboveMax', maxFen: limits.maxFen });
  return { ok: true, amountFen, feeFen, totalFen: amountFen + feeFen };
}

/**
 * The largest amount whose amount + fee the balance covers, within the channel's maximum; null when
 * even the minimum is out of reach. amount + fee grows with the amount, so a binary search finds it
 * whatever shape the fee has (a rate, a floor, both).
 */
export function withdrawAllFen(limits: ChannelLimits, availableFen: number, feeOf: FeeOf): number | null {
  let low = 0;
  let high = Math.min(limits.maxFen, availableFen);
  while (low < high) {
    const middle = low + Math.ceil((high - low) / 2);
    if (middle + feeOf(middle) <= availableFen) low = middle;
    else high = middle - 1;
  }
  if (low < limits.minFen || low === 0 || low + feeOf(low) > availableFen) return null;
  return low;
}

/** Fen as the yuan the amount field shows: 12345 → '123.45', 1200 → '12'. */
export function fenToYuanInput(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  return cents === 0 ? String(yuan) : `${yuan}.${String(cents).padStart(2, '0')}`;
}
