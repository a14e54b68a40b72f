/** Merchants, their API keys and nonces, and the back office's list. */
import { MerchantStatus, type MerchantStatus as MerchantStatusCode } from '@maika/shared';
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { admins, merchantApiKeys, merchantNonces, merchants, users } from '../../db/schema';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantKeyRow = typeof merchantApiKeys.$inferSelect;

export async function findMerchantOfUser(db: Queryable, userId: number): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  return row;
}

export interface Application {
  name: string;
  contact: string;
  monthlyVolume: number;
}

/**
 * A first application, or a new one after a refusal (the refused row starts over); undefined when
 * the user's application is waiting, approved or suspended.
 */
export async function applyAsMerchant(db: Queryable, userId: number, a: Application): Promise<MerchantRow | undefined> {
  const [row] = await db
    .insert(merchants)
    .values({ userId, ...a })
    .onConflictDoUpdate({
      target: merchants.userId,
      set: {
        ...a,
        status: MerchantStatus.Waiting,
        reason: null,
        appliedAt: sql`now()`,
        decidedBy: null,
        decidedAt: null,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${merchants.status} = ${MerchantStatus.Refused}`,
    })
    .returning();
  return row;
}

/**
 * A cancelled account's merchant: its keys revoked, its contact and callback address forgotten.
 * The row stays, as its orders and the ledger do, with the shop's name the operators decided on.
 */
export async function forgetMerchantOfUser(db: Queryable, userId: number): Promise<void> {
  const [m] = await db
    .update(merchants)
    .set({ contact: '', notifyUrl: null, updatedAt: sql`now()` })
    .where(eq(merchants.userId, userId))
    .returning({ id: merchants.id });
  if (m)
    await db
      .update(merchantApiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(merchantApiKeys.merchantId, m.id), isNull(merchantApiKeys.revokedAt)));
}

export async function listKeys(db: Queryable, merchantId: number): Promise<MerchantKeyRow[]> {
  return db.select().from(merchantApiKeys).where(eq(merchantApiKeys.merchantId, merchantId)).orderBy(desc(merchantApiKeys.id));
}

/** Locks the merchant's row: key creation counts the active keys under it. */
export async function lockMerchant(tx: Tx, id: number): Promise<MerchantRow | undefined> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
  return row;
}

export async function countActiveKeys(db: Queryable, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(merchantApiKeys)
    .where(and(eq(merchantApiKeys.merchantId, merchantId), isNull(merchantApiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(db: Queryable, k: { merchantId: number; keyId: string; secretEnc: Buffer }): Promise<MerchantKeyRow> {
  const [row] = await db.insert(merchantApiKeys).values(k).returning();
  return row!;
}

/** Revokes one of the merchant's keys (a second time changes nothing); undefined when it has no such key. */
export async function revokeKey(db: Queryable, merchantId: number, keyId: string): Promise<MerchantKeyRow | undefined> {
  const [row] = await db
    .update(merchantApiKeys)
    .set({ revokedAt: sql`coalesce(${merchantApiKeys.revokedAt}, now())` })
    .where(and(eq(merchantApiKeys.merchantId, merchantId), eq(merchantApiKeys.keyId, keyId)))
    .returning();
  return row;
}

export async function saveNotifyUrl(db: Queryable, merchantId: number, notifyUrl: string | null): Promise<void> {
  await db
    .update(merchants)
    .set({ notifyUrl, updatedAt: sql`now()` })
    .where(eq(merchants.id, merchantId));
}

/** What checking a signed request needs of its key: the key, its merchant and the merchant's user. */
export async function findKeyForRequest(db: Queryable, keyId: string) {
  const [row] = await db
    .select({
      id: merchantApiKeys.id,
      keyId: merchantApiKeys.keyId,
      secretEnc: merchantApiKeys.secretEnc,
      revokedAt: merchantApiKeys.revokedAt,
      merchantId: merchants.id,
      merchantStatus: merchants.status,
      userId: merchants.userId,
      userStatus: users.status,
    })
    .from(merchantApiKeys)
    .innerJoin(merchants, eq(merchants.id, merchantApiKeys.merchantId))
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(merchantApiKeys.keyId, keyId));
  return row;
}

/** The newest usable key of a merchant: the one our callbacks are signed with. */
export async function newestActiveKey(db: Queryable, merchantId: number): Promise<MerchantKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantApiKeys)
    .where(and(eq(merchantApiKeys.merchantId, merchantId), isNull(merchantApiKeys.revokedAt)))
    .orderBy(desc(merchantApiKeys.id))
    .limit(1);
  return row;
}

/** At most one write a minute per key: the time is for the merchant's page, not an audit trail. */
export async function touchKey(db: Queryable, id: number): Promise<void> {
  await db
    .update(merchantApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(merchantApiKeys.id, id),
        or(isNull(merchantApiKeys.lastUsedAt), lt(merchantApiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

/** Records a nonce of a key; false when the key used it before. */
export async function rememberNonce(db: Queryable, keyRowId: number, nonce: string): Promise<boolean> {
  const inserted = await db
    .insert(merchantNonces)
    .values({ keyId: keyRowId, nonce })
    .onConflictDoNothing()
    .returning({ nonce: merchantNonces.nonce });
  return inserted.length === 1;
}

export async function purgeNonces(db: Queryable, olderThanSeconds: number): Promise<number> {
  const rows = await db
    .delete(merchantNonces)
    .where(lt(merchantNonces.seenAt, sql`now() - make_interval(secs => ${olderThanSeconds})`))
    .returning({ nonce: merchantNonces.nonce });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// The back office

const activeKeys = sql<number>`(select count(*) from merchant_api_keys k where k.merchant_id = "merchants"."id" and k.revoked_at is null)::int`;

const adminColumns = {
  merchant: merchants,
  phone: users.phone,
  decidedByName: admins.username,
  activeKeys,
};

export interface MerchantFilter {
  status?: MerchantStatusCode;
  phone?: string;
  name?: string;
  limit: number;
  offset: number;
}

export async function listMerchants(db: Queryable, f: MerchantFilter) {
  const conditions: SQL[] = [];
  if (f.status !== undefined) conditions.push(eq(merchants.status, f.status));
  if (f.phone) conditions.push(sql`${users.phone} like ${`%${f.phone}%`}`);
  if (f.name) conditions.push(sql`${merchants.name} ilike ${`%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select(adminColumns)
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .leftJoin(admins, eq(admins.id, merchants.decidedBy))
    .where(where)
    .orderBy(desc(merchants.appliedAt), desc(merchants.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(merchants).innerJoin(users, eq(users.id, merchants.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findMerchantForAdmin(db: Queryable, id: number) {
  const [row] = await db
    .select(adminColumns)
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .leftJoin(admins, eq(admins.id, merchants.decidedBy))
    .where(eq(merchants.id, id));
  return row;
}
export type AdminMerchantRow = NonNullable<Awaited<ReturnType<typeof findMerchantForAdmin>>>;

/** Moves a merchant from `from` to `to`, with who decided and why; undefined when it is not in `from` any more. */
export async function decideMerchant(
  db: Queryable,
  d: { id: number; from: MerchantStatusCode; to: MerchantStatusCode; adminId: number | null; reason: string | null },
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .update(merchants)
    .set({ status: d.to, reason: d.reason, decidedBy: d.adminId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(merchants.id, d.id), eq(merchants.status, d.from)))
    .returning();
  return row;
}
