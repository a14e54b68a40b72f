/**
 * Second approvals: the queue and the second operator's decision. Approving carries out what the
 * first operator asked, in the same transaction that closes the request, so it happens once. What
 * is carried out belongs to the module that owns the kind (cards, withdrawals, operators), which
 * already asks this one to record its requests; so each lends its executors, and routes.ts joins
 * them into the `ApprovalOwners` these routes are registered with.
 */
import {
  Code,
  isCardApprovalKind,
  secondApprovalDeciders,
  textCatalogue,
  type AdminSecondApproval,
  type AdminSecondApprovalQuery,
  type SecondApprovalKind,
} from '@maika/shared';
import type { Deps } from '../../deps';
import type { Tx } from '../../db/client';
import type { AdminRole } from '../../db/schema';
import { offsetOf } from '../../db/page';
import { AppError, notFound } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../audit';
import { closeSecondApproval, findSecondApproval, listSecondApprovals, lockSecondApproval, type SecondApprovalRow } from './repo';

/** A set-up code an approved operator change issued (a creation, a password reset), shown once to the approver. */
export interface ApprovedSetup {
  username: string;
  code: string;
  expiresAt: Date;
}

/** What the queue shows of a request beyond its columns, read from the payload its owner recorded. */
type ApprovalDetail = Partial<Pick<AdminSecondApproval, 'settlementRateBp' | 'actualFaceValueFen' | 'reason' | 'operator'>>;

/** What approving a request of one kind does, lent by the module that owns the kind. */
export interface ApprovalExecutor {
  /**
   * Locks the target before the request is locked, in the owner's own order (a reviewer passing a
   * card directly locks the card first), so the owner's direct path and a decision never wait on each other.
   */
  lockTarget?: (tx: Tx, targetId: number) => Promise<void>;
  /** Carries out the approved request inside the decision's transaction. */
  carryOut: (deps: Deps, tx: Tx, request: SecondApprovalRow, deciderId: number) => Promise<ApprovedSetup | null>;
  describe?: (request: SecondApprovalRow) => ApprovalDetail;
}

/** The executors of some kinds (an owner's), or of every kind (what the decisions are registered with). */
export type ApprovalExecutors<K extends SecondApprovalKind = SecondApprovalKind> = { readonly [P in K]: ApprovalExecutor };

/** What the owners lend the decisions: an executor for every kind, and the operators' trust rule on deciders. */
export interface ApprovalOwners {
  executors: ApprovalExecutors;
  /** Refuses a decider who vouched for the requester's account, or the other way round, lately. */
  refuseVouchedDecider: (deps: Deps, tx: Tx, requestedBy: number, deciderId: number) => Promise<void>;
}

export async function listApprovalRequests(
  deps: Deps,
  owners: ApprovalOwners,
  q: AdminSecondApprovalQuery,
): Promise<{ list: AdminSecondApproval[]; total: number }> {
  const { list, total } = await listSecondApprovals(deps.database.db, q.status === 'all' ? null : q.status, q.pageSize, offsetOf(q));
  return {
    total,
    list: list.map(({ a, requestedByName, decidedByName, declaredFaceValueFen }) => {
      const detail = owners.executors[a.kind].describe?.(a) ?? {};
      return {
        id: a.id,
        kind: a.kind,
        targetId: a.targetId,
        amountFen: a.amountFen,
        settlementRateBp: detail.settlementRateBp ?? null,
        actualFaceValueFen: detail.actualFaceValueFen ?? null,
        declaredFaceValueFen: isCardApprovalKind(a.kind) ? declaredFaceValueFen : null,
        reason: a.reason ?? detail.reason ?? null,
        operator: detail.operator ?? null,
        requestedBy: a.requestedBy,
        requestedByName,
        status: a.status,
        decidedBy: a.decidedBy,
        decidedByName,
        declineReason: a.declineReason,
        createdAt: a.createdAt.toISOString(),
        decidedAt: a.decidedAt?.toISOString() ?? null,
      };
    }),
  };
}

function checkDecider(a: SecondApprovalRow | undefined, admin: { id: number; role: AdminRole }): asserts a is SecondApprovalRow {
  if (!a) throw notFound('thing.approvalRequest');
  if (!secondApprovalDeciders[a.kind].includes(admin.role)) throw new AppError(Code.AdminForbidden);
  if (a.status !== 'pending') throw new AppError(Code.ApprovalNotPending, { status: textCatalogue[`approval.status.${a.status}`] });
}

/** The target is locked before the request, by its owner (`ApprovalExecutor.lockTarget`). */
export async function approveRequest(
  deps: Deps,
  owners: ApprovalOwners,
  id: number,
  admin: { id: number; role: AdminRole },
  audit?: AdminAction,
): Promise<{ setup: ApprovedSetup | null }> {
  return deps.database.db.transaction(async (tx) => {
    const peek = await findSecondApproval(tx, id);
    if (peek) await owners.executors[peek.kind].lockTarget?.(tx, peek.targetId);
    const a = await lockSecondApproval(tx, id);
    checkDecider(a, admin);
    if (a.requestedBy === admin.id) throw new AppError(Code.ApprovalSameOperator);
    await owners.refuseVouchedDecider(deps, tx, a.requestedBy, admin.id);
    const setup = await owners.executors[a.kind].carryOut(deps, tx, a, admin.id);
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
