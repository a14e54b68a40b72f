import { sql } from 'drizzle-orm';
import { isOperatorApprovalKind, secondApprovalKinds, secondApprovalStatuses, type SecondApprovalKind } from '@maika/shared';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './operators';
import { cards } from './cards';
import { users } from './users';
import { oneOf } from './enumCheck';

/**
 * Four eyes on money: a decision that would create or move a large amount is recorded here by
 * the operator who asks, and only carried out when a second, different operator approves it.
 * `payload` holds what the decision needs to run (the actual face value, an appeal reply, an
 * adjustment's amount and key) and, for a card, the settlement rate it was asked at; `amountFen`
 * is the money at stake, exactly what an approval may credit. The operator kinds (`admin.*`) hold
 * a change of an operator account instead: no money (0), the account as target (0 for a
 * creation, whose account exists once approved) and its username and role.
 */
export const secondApprovals = pgTable(
  'second_approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<SecondApprovalKind>().notNull(),
    /** The card (card kinds), the user (adjustments) or the operator account (`admin.*`, 0 for a creation). */
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    status: text('status').$type<SecondApprovalStatus>().notNull().default('pending'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => admins.id),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per card: a second reviewer decides one value, not a race between two.
    uniqueIndex('second_approvals_card_pending')
      .on(t.targetId)
      .where(sql`${t.status} = 'pending' and ${t.kind} in ('card.approve', 'card.appeal')`),
    uniqueIndex('second_approvals_adjust_key')
      .on(t.targetId, t.idempotencyKey)
      .where(sql`${t.kind} = 'ledger.adjust'`),
    index('second_approvals_status_idx').on(t.status, t.id),
    check('second_approvals_kind', sql`${t.kind} ${oneOf(secondApprovalKinds)}`),
    check('second_approvals_status', sql`${t.status} ${oneOf(secondApprovalStatuses)}`),
    check('second_approvals_decider', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

export type { SecondApprovalKind };
export type SecondApprovalStatus = 'pending' | 'approved' | 'declined';

/**
 * Credits carried out on one operator's word, without a second approval: a reviewer's card pass
 * or upheld appeal, a finance operator's positive adjustment. Their sums over the last 24 hours,
 * per operator and per credited user, decide whether the next one needs a second operator too.
 * `targetId` is the card (card kinds) or the user (adjustments), as in second_approvals.
 */
export const singleApprovalCredits = pgTable(
  'single_approval_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<SecondApprovalKind>().notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('single_approval_credits_admin_idx').on(t.adminId, t.createdAt),
    index('single_approval_credits_user_idx').on(t.userId, t.createdAt),
    check('single_approval_credits_kind', sql`${t.kind} ${oneOf(secondApprovalKinds.filter((k) => !isOperatorApprovalKind(k)))}`),
    check('single_approval_credits_amount', sql`${t.amountFen} >= 0`),
  ],
);

/** Every look at a card's plaintext secrets, with the reason typed; also what the hourly limit counts. */
export const cardReveals = pgTable(
  'card_reveals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => cards.id),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_reveals_admin_idx').on(t.adminId, t.createdAt)],
);
