import { WithdrawalStatus, type PayeeChannel } from '@maika/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  admins,
  users,
  withdrawalApprovals,
  withdrawalChannels,
  withdrawalOpenCounts,
  withdrawals,
  type UserStatus,
} from '../../db/schema';
import { openWithdrawalStatuses, paidWithdrawalStatuses } from '../../db/withdrawalStatuses';

export type ChannelRow = typeof withdrawalChannels.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

export async function listChannels(db: Queryable): Promise<ChannelRow[]> {
  return db.select().from(withdrawalChannels).orderBy(withdrawalChannels.sort, withdrawalChannels.channel);
}

export async function findChannel(db: Queryable, channel: PayeeChannel): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(withdrawalChannels).where(eq(withdrawalChannels.channel, channel));
  return row;
}

/**
 * The status of a withdrawal's user, whose row stays share-locked until commit: freezing (which
 * locks it for update) waits for the caller, or the caller for the freeze. Taken before the
 * withdrawal's own lock: user, then withdrawal, then ledger accounts, as freezing and cancelling
 * (user, then the user's payees and withdrawals) do.
 */
export async function lockPayerOf(db: Queryable, withdrawalId: number): Promise<UserStatus | undefined> {
  const [row] = await db
    .select({ status: users.status })
    .from(users)
    .innerJoin(withdrawals, eq(withdrawals.userId, users.id))
    .where(eq(withdrawals.id, withdrawalId))
    .for('share', { of: users });
  return row?.status;
}

/** The row locked for the rest of the transaction: every state change goes through here. */
export async function lockWithdrawal(db: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** What a payout job asks the vendor, and about which withdrawal (migration 0039's maika_payout_start). */
export type PayoutStart = Pick<
  WithdrawalRow,
  'id' | 'attempt' | 'orderNo' | 'outBizNo' | 'amountFen' | 'channel' | 'payeeNameEnc' | 'payeeAccountEnc' | 'bankCode' | 'branch'
> & { call: 'transfer' | 'query' | 'cancel' };

/**
 * A payout job's first step, in one statement: weighs a new automatic withdrawal against the
 * platform's daily limit and answers the call to make of the provider `providers` names for its
 * channel (marking it processing for a transfer), or undefined. No providers: it is weighed only.
 */
export async function startPayoutRow(
  db: Queryable,
  withdrawalId: number,
  platformDailyFen: number,
  providers: { channel: PayeeChannel; name: string }[],
): Promise<PayoutStart | undefined> {
  const { rows } = await db.execute<PayoutStart>(sql`
    select call, id, attempt, order_no as "orderNo", out_biz_no as "outBizNo", amount_fen as "amountFen", channel,
      payee_name_enc as "payeeNameEnc", payee_account_enc as "payeeAccountEnc", bank_code as "bankCode", branch
    from maika_payout_start(${withdrawalId}, ${platformDailyFen}, ${sql.param(providers.map((p) => p.channel))}::smallint[],
      ${sql.param(providers.map((p) => p.name))}::text[])`);
  return rows[0];
}

export async function updateWithdrawal(db: Queryable, id: number, change: Partial<NewWithdrawal>): Promise<WithdrawalRow> {
  const [row] = await db
    .update(withdrawals)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

/** Kept beside the withdrawals by migration 0040's trigger. */
export async function countOpenWithdrawals(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ open: withdrawalOpenCounts.open })
    .from(withdrawalOpenCounts)
    .where(eq(withdrawalOpenCounts.userId, userId));
  return row?.open ?? 0;
}

export async function listUserWithdrawals(db: Queryable, userId: number, status: WithdrawalStatus | null, limit: number, offset: number) {
  const where = and(eq(withdrawals.userId, userId), status === null ? undefined : eq(withdrawals.status, status));
  const list = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { list, total: total?.n ?? 0 };
}

/**
 * A user's paid and open withdrawals, counted in one statement: counted in two, a payout finishing
 * between them was in neither, and an app that asks again only while some are open stopped asking.
 */
export async function withdrawalSums(db: Queryable, userId: number) {
  const paid = inArray(withdrawals.status, [...paidWithdrawalStatuses]);
  const open = inArray(withdrawals.status, [...openWithdrawalStatuses]);
  const [row] = await db
    .select({
      paidFen: sql<number>`coalesce(sum(${withdrawals.amountFen}) filter (where ${paid}), 0)`.mapWith(Number),
      paidCount: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      openFen: sql<number>`coalesce(sum(${withdrawals.amountFen}) filter (where ${open}), 0)`.mapWith(Number),
      openCount: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  return { paid: { fen: row?.paidFen ?? 0, n: row?.paidCount ?? 0 }, pending: { fen: row?.openFen ?? 0, n: row?.openCount ?? 0 } };
}

/**
 * Payouts a worker should be on but may have lost (its process died holding the job): approved
 * and not started, started, or awaiting the payee, on the channels that pay automatically.
 */
export async function listUnfinishedPayouts(db: Queryable, olderThanSeconds: number, channels: PayeeChannel[]): Promise<number[]> {
  if (channels.length === 0) return [];
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.channel, channels),
        // One of a frozen user is held until the unfreeze queues it again (`resumeHeldPayouts`).
        sql`(${withdrawals.status} in (${WithdrawalStatus.Processing}, ${WithdrawalStatus.AwaitingConfirmation}) or (${withdrawals.status} in (${WithdrawalStatus.Unpaid}, ${WithdrawalStatus.Repay}) and ${withdrawals.approvedAt} is not null
          and (select ${users.status} from ${users} where ${users.id} = ${withdrawals.userId}) <> 'frozen'))`,
        sql`${withdrawals.updatedAt} <= now() - make_interval(secs => ${olderThanSeconds})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertApproval(db: Queryable, withdrawalId: number, attempt: number, adminId: number): Promise<boolean> {
  const rows = await db
    .insert(withdrawalApprovals)
    .values({ withdrawalId, attempt, adminId })
    .onConflictDoNothing()
    .returning({ id: withdrawalApprovals.id });
  return rows.length === 1;
}

export async function listApprovals(db: Queryable, withdrawalId: number) {
  return db.select().from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, withdrawalId)).orderBy(withdrawalApprovals.id);
}

/** The approvals with their approvers' usernames, as the console lists them. */
export async function listApprovalsWithNames(db: Queryable, withdrawalId: number) {
  return db
    .select({
      adminId: withdrawalApprovals.adminId,
      adminName: admins.username,
      attempt: withdrawalApprovals.attempt,
      createdAt: withdrawalApprovals.createdAt,
    })
    .from(withdrawalApprovals)
    .innerJoin(admins, eq(admins.id, withdrawalApprovals.adminId))
    .where(eq(withdrawalApprovals.withdrawalId, withdrawalId))
    .orderBy(withdrawalApprovals.id);
}

/** A user's withdrawals approved for payout and not yet started: what a freeze held. */
export async function listApprovedUnstarted(db: Queryable, userId: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, [WithdrawalStatus.Unpaid, WithdrawalStatus.Repay]),
        sql`${withdrawals.approvedAt} is not null`,
      ),
    );
}
