import { formatFen } from '@maika/shared';
import type { Translate } from '@/i18n';
import type { AmountProblem } from './withdrawAmount';

/** What is wrong with the amount, in words that say how to fix it. */
export function amountProblemText(t: Translate, problem: AmountProblem): string {
  switch (problem.kind) {
    case 'empty':
      return t('withdraw.error.empty');
    case 'invalid':
      return t('withdraw.error.invalid');
    case 'tooManyDecimals':
      return t('withdraw.error.tooManyDecimals');
    case 'belowMin':
      return t('withdraw.error.belowMin', { min: formatFen(problem.minFen) });
    case 'aboveMax':
      return t('withdraw.error.aboveMax', { max: formatFen(problem.maxFen) });
    case 'aboveBalance':
      // A free channel has no fee to name: the balance alone is what falls short.
      return problem.feeFen === 0
        ? t('withdraw.error.aboveBalanceNoFee', { available: formatFen(problem.availableFen) })
        : t('withdraw.error.aboveBalance', { available: formatFen(problem.availableFen), fee: formatFen(problem.feeFen) });
  }
}
