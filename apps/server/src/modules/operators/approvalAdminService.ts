/**
 * Second approvals: the queue and the second operator's decision. Approving carries out what the
 * first operator asked, in the same transaction that closes the request, so it happens once.
 */
import {
  Code,
  isCardApprovalKind,
  isOperatorApprovalKind,
  secondApprovalDeciders,
  textCatalogue,
  type AdminSecondApproval,
  type AdminSecondApprovalQuery,
} from '@maika/shared';
import type { Deps } from '../../deps';
import type { AdminRole } from '../../db/schema';
import { offsetOf } from '../../db/page';
import { AppError, notFound } from '../../http/envelope';
import { postAdjustment } from '../withdrawals';
import { findCardForUpdate, passApprovedCard, type CardPassPayload } from '../cards';
import { closeSecondApproval, findSecondApproval, listSecondApprovals, lockSecondApproval, type SecondApprovalRow } from '../approvals';
import { recordAudit, type AdminAction } from '../audit';
import { carryOutOperatorRequest, operatorRequestSummary, refuseVouchedDecider, type IssuedSetup } from './accountService';

export async function listApprovalRequests(
  deps: Deps,
  q: AdminSecondApprovalQuery,
): Promise<{ list: AdminSecondApproval[]; total: number }> {
  const { list, total } = await listSecondApprovals(deps.database.db, q.status === 'all' ? null : q.status, q.pageSize, offsetOf(q));
  return {
    total,
    list: list.map(({ a, requestedByName, decidedByName, declaredFaceValueFen }) => ({
      id: a.id,
      kind: a.kind,
      targetId: a.targetId,
      amountFen: a.amountFen,
      settlementRateBp: isCardApprovalKind(a.kind) ? ((a.payload as CardPassPayload).settlementRateBp ?? null) : null,
      actualFaceValueFen: isCardApprovalKind(a.kind) ? (a.payload as CardPassPayload).actualFaceValueFen : null,
      declaredFaceValueFen: isCardApprovalKind(a.kind) ? declaredFaceValueFen : null,
      reason: a.reason ?? (a.payload as CardPassPayload).appealReply ?? null,
      operator: isOperatorApprovalKind(a.kind) ? operatorRequestSummary(a) : null,
      requestedBy: a.requestedBy,
      requestedByName,
      status: a.status,
      decidedBy: a.decidedBy,
      decidedByName,
      declineReason: a.declineReason,
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
    })),
  };
}

function checkDecider(a: SecondApprovalRow | undefined, admin: { id: number; role: AdminRole }): asserts a is SecondApprovalRow {
  if (!a) throw notFound('thing.approvalRequest');
  if (!secondApprovalDeciders[a.kind].includes(admin.role)) throw new AppError(Code.AdminForbidden);
  if (a.status !== 'pending') throw new AppError(Code.ApprovalNotPending, { status: textCatalogue[`approval.status.${a.status}`] });
}

/**
 * The card is locked before the request, in the same order as a reviewer passing the card
 * directly (cards/gateService.ts), so the two never wait on each other.
 */
export async function approveRequest(
  deps: Deps,
  id: number,
  admin: { id: number; role: AdminRole },
  audit?: AdminAction,
): Promise<{ setup: IssuedSetup | null }> {
  return deps.database.db.transaction(async (tx) => {
    const peek = await findSecondApproval(tx, id);
    const card = peek && isCardApprovalKind(peek.kind) ? await findCardForUpdate(tx, peek.targetId) : undefined;
    const a = await lockSecondApproval(tx, id);
    checkDecider(a, admin);
    if (a.requestedBy === admin.id) throw new AppError(Code.ApprovalSameOperator);
    await refuseVouchedDecider(deps, tx, a.requestedBy, admin.id);
    let setup: IssuedSetup | null = null;
    if (isOperatorApprovalKind(a.kind)) {
      setup = await carryOutOperatorRequest(deps, tx, a, admin.id);
    } else if (a.kind === 'ledger.adjust') {
      await postAdjustment(tx, a.targetId, a.payload as { amountFen: number; reason: string; idempotencyKey: string });
    } else {
      if (!card) throw notFound('thing.card');
      await passApprovedCard(deps, tx, card, a);
    }
    await closeSecondApproval(tx, a.id, { status: 'approved', decidedBy: admin.id });
    await recordAudit(tx, audit);
    return { setup };
  });
}

/** Nothing happens to the card or the balance; the first operator (or anyone) may ask again. */
export async function declineRequest(
  deps: Deps,
  id: number,
  admin: { id: number; role: AdminRole },
  reason: string,
  audit?: AdminAction,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const a = await lockSecondApproval(tx, id);
    checkDecider(a, admin);
    // The requester withdrawing their own request leaves no decider: the check forbids the same operator on both sides.
    await closeSecondApproval(tx, a.id, {
      status: 'declined',
      decidedBy: a.requestedBy === admin.id ? null : admin.id,
      declineReason: reason,
    });
    await recordAudit(tx, audit);
  });
}
