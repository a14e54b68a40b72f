/**
 * What one operator may credit alone. A credit carried out without a second approval (a card
 * pass or upheld appeal, a positive adjustment) counts for 24 hours towards the operator's sum
 * and the credited user's; the next one that would take either sum above the threshold waits for
 * a second, different operator instead. A single item above the threshold is the case of an empty
 * window, so the per-item rule is this one.
 */
import type { Tx } from '../../db/client';
import type { SecondApprovalKind } from '../../db/schema';
import { fitsSingleApprovalTotals, insertSingleApprovalCredit, lockSingleApprovalTotals } from './repo';

export interface SingleApprovalCredit {
  kind: SecondApprovalKind;
  /** The card (card kinds) or the user (adjustments). */
  targetId: number;
  adminId: number;
  userId: number;
  amountFen: number;
}

/**
 * Counts the credit when it fits under `thresholdFen` and answers true: the caller carries it out
 * in the same transaction. False: nothing is counted and the caller records a request for a
 * second operator. The sums are read under the operator's and the user's locks (repo.ts).
 */
export async function claimSingleApproval(tx: Tx, credit: SingleApprovalCredit, thresholdFen: number): Promise<boolean> {
  await lockSingleApprovalTotals(tx, credit.adminId, credit.userId);
  if (!(await fitsSingleApprovalTotals(tx, { ...credit, thresholdFen }))) return false;
  await insertSingleApprovalCredit(tx, credit);
  return true;
}
