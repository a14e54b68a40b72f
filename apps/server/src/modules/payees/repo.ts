import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { payees, users, withdrawals } from '../../db/schema';
import { openWithdrawalStatuses } from '../../db/withdrawalStatuses';

export type PayeeRow = typeof payees.$inferSelect;
export type NewPayee = Omit<typeof payees.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listPayees(db: Queryable, userId: number): Promise<PayeeRow[]> {
  return db.select().from(payees).where(eq(payees.userId, userId)).orderBy(payees.channel);
}

export async function findPayee(db: Queryable, userId: number, id: number): Promise<PayeeRow | undefined> {
  const [row] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, id), eq(payees.userId, userId)));
  return row;
}

/** One payee per channel: saving a channel the user already has replaces its details. */
export async function upsertPayee(db: Queryable, payee: NewPayee): Promise<PayeeRow> {
  const [row] = await db
    .insert(payees)
    .values(payee)
    .onConflictDoUpdate({
      target: [payees.userId, payees.channel],
      set: {
        nameEnc: payee.nameEnc,
        nameMasked: payee.nameMasked,
        accountEnc: payee.accountEnc,
        accountMasked: payee.accountMasked,
        bankCode: payee.bankCode ?? null,
        branch: payee.branch ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function deletePayeeRow(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(payees)
    .where(and(eq(payees.id, id), eq(payees.userId, userId)))
    .returning({ id: payees.id });
  return rows.length === 1;
}

export async function payeeHasOpenWithdrawal(db: Queryable, userId: number, payeeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.payeeId, payeeId), inArray(withdrawals.status, [...openWithdrawalStatuses])))
    .limit(1);
  return rows.length > 0;
}

/** The encrypted verified real name, or null while the user is not verified. */
export async function verifiedRealName(db: Queryable, userId: number): Promise<Buffer | null> {
  const [row] = await db.select({ idNumEnc: users.idNumEnc, realNameEnc: users.realNameEnc }).from(users).where(eq(users.id, userId));
  return row?.idNumEnc && row.realNameEnc ? row.realNameEnc : null;
}
