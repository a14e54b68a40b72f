import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { phoneChangeVouchers, tokens, users } from '../../db/schema';

export async function insertVoucher(db: Queryable, voucher: { userId: number; voucherHash: Buffer; expiresAt: Date }): Promise<void> {
  await db.insert(phoneChangeVouchers).values(voucher);
}

/** The user's unused, unexpired voucher with this hash; `lock` holds it for the phone change. */
export async function findLiveVoucher(db: Queryable, userId: number, voucherHash: Buffer, lock = false) {
  const query = db
    .select({ id: phoneChangeVouchers.id })
    .from(phoneChangeVouchers)
    .where(
      and(
        eq(phoneChangeVouchers.voucherHash, voucherHash),
        eq(phoneChangeVouchers.userId, userId),
        isNull(phoneChangeVouchers.usedAt),
        gt(phoneChangeVouchers.expiresAt, sql`now()`),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function useVoucher(db: Queryable, id: number): Promise<void> {
  await db
    .update(phoneChangeVouchers)
    .set({ usedAt: sql`now()` })
    .where(eq(phoneChangeVouchers.id, id));
}

export async function setPhone(db: Queryable, userId: number, phone: string) {
  const [row] = await db.update(users).set({ phone }).where(eq(users.id, userId)).returning();
  return row;
}

/** Ends every session of the user but the one making the change. */
export async function revokeOtherTokens(db: Queryable, userId: number, keepTokenId: number): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.userId, userId), ne(tokens.id, keepTokenId), isNull(tokens.revokedAt)));
}
