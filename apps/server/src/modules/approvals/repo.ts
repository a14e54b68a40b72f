/** SQL of the four-eyes requests. */
import { cardApprovalKinds } from '@maika/shared';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import {
  admins,
  cardReveals,
  cards,
  faceValues,
  secondApprovals,
  singleApprovalCredits,
  type SecondApprovalKind,
  type SecondApprovalStatus,
} from '../../db/schema';

export type SecondApprovalRow = typeof secondApprovals.$inferSelect;
/** The kinds whose target is a card. */
const cardKinds: SecondApprovalKind[] = [...cardApprovalKinds];
export type NewSecondApproval = typeof secondApprovals.$inferInsert;

export async function insertSecondApproval(tx: Tx, row: NewSecondApproval): Promise<SecondApprovalRow | undefined> {
  const [created] = await tx.insert(secondApprovals).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findSecondApproval(db: Queryable, id: number): Promise<SecondApprovalRow | undefined> {
  const [row] = await db.select().from(secondApprovals).where(eq(secondApprovals.id, id));
  return row;
}

export async function lockSecondApproval(tx: Tx, id: number): Promise<SecondApprovalRow | undefined> {
  const [row] = await tx.select().from(secondApprovals).where(eq(secondApprovals.id, id)).for('update');
  return row;
}

export async function findPendingForCard(db: Queryable, cardId: number): Promise<SecondApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(secondApprovals)
    .where(and(eq(secondApprovals.targetId, cardId), eq(secondApprovals.status, 'pending'), inArray(secondApprovals.kind, cardKinds)));
  return row;
}

export async function findAdjustmentByKey(db: Queryable, userId: number, key: string): Promise<SecondApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(secondApprovals)
    .where(and(eq(secondApprovals.kind, 'ledger.adjust'), eq(secondApprovals.targetId, userId), eq(secondApprovals.idempotencyKey, key)));
  return row;
}

export async function closeSecondApproval(
  tx: Tx,
  id: number,
  d: { status: Exclude<SecondApprovalStatus, 'pending'>; decidedBy: number | null; declineReason?: string },
) {
  await tx
    .update(secondApprovals)
    .set({ status: d.status, decidedBy: d.decidedBy, declineReason: d.declineReason ?? null, decidedAt: new Date() })
    .where(eq(secondApprovals.id, id));
}

const requester = alias(admins, 'requester');
const decider = alias(admins, 'decider');

export async function listSecondApprovals(db: Queryable, status: SecondApprovalStatus | null, limit: number, offset: number) {
  const where = status ? eq(secondApprovals.status, status) : undefined;
  const list = await db
    .select({
      a: secondApprovals,
      requestedByName: requester.username,
      decidedByName: decider.username,
      declaredFaceValueFen: cards.declaredFaceValueFen,
    })
    .from(secondApprovals)
    .innerJoin(requester, eq(requester.id, secondApprovals.requestedBy))
    .leftJoin(decider, eq(decider.id, secondApprovals.decidedBy))
    .leftJoin(cards, and(inArray(secondApprovals.kind, cardKinds), eq(cards.id, secondApprovals.targetId)))
    .where(where)
    .orderBy(desc(secondApprovals.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(secondApprovals).where(where);
  return { list, total: total?.n ?? 0 };
}

export async function adminName(db: Queryable, id: number): Promise<string> {
  const [row] = await db.select({ username: admins.username }).from(admins).where(eq(admins.id, id));
  return row?.username ?? String(id);
}

/** Every face value of a card type, enabled or not, smallest first. */
export async function faceValuesOfType(db: Queryable, cardTypeId: number): Promise<number[]> {
  const rows = await db
    .select({ fen: faceValues.faceValueFen })
    .from(faceValues)
    .where(eq(faceValues.cardTypeId, cardTypeId))
    .orderBy(faceValues.faceValueFen);
  return rows.map((r) => r.fen);
}

/** Locks the operator's row first, so two reveals at once are counted one after the other. */
export async function countRevealsLastHour(tx: Tx, adminId: number): Promise<number> {
  await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(cardReveals)
    .where(and(eq(cardReveals.adminId, adminId), sql`${cardReveals.createdAt} > now() - interval '1 hour'`));
  return row?.n ?? 0;
}

export async function insertReveal(tx: Tx, row: { adminId: number; cardId: number; reason: string }): Promise<void> {
  await tx.insert(cardReveals).values(row);
}

/**
 * Held until the transaction ends, so credits of one operator, or to one user, are weighed one
 * after the other and two at once cannot both fit under a threshold. Lock order: the operator's,
 * then the user's; taken after the card's row when a card passes, before the ledger accounts
 * when an adjustment is posted. Advisory locks, so nothing else waits on them.
 */
export async function lockSingleApprovalTotals(tx: Tx, adminId: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`single-approval:admin:${adminId}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`single-approval:user:${userId}`}, 0))`);
}

/** Whether `amountFen` more keeps both the operator's and the user's sum of the last 24 hours at or under the threshold. */
export async function fitsSingleApprovalTotals(
  tx: Tx,
  c: { adminId: number; userId: number; amountFen: number; thresholdFen: number },
): Promise<boolean> {
  const t = singleApprovalCredits;
  const within = (who: SQL) =>
    sql`coalesce(sum(${t.amountFen}) filter (where ${who}), 0) + ${c.amountFen}::bigint <= ${c.thresholdFen}::bigint`;
  const [row] = await tx
    .select({ fits: sql<boolean>`${within(eq(t.adminId, c.adminId))} and ${within(eq(t.userId, c.userId))}` })
    .from(t)
    .where(and(sql`${t.createdAt} > now() - interval '24 hours'`, or(eq(t.adminId, c.adminId), eq(t.userId, c.userId))));
  return row!.fits;
}

export async function insertSingleApprovalCredit(tx: Tx, row: typeof singleApprovalCredits.$inferInsert): Promise<void> {
  await tx.insert(singleApprovalCredits).values(row);
}
