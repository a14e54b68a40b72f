import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tokens, users } from '../../db/schema';
import type { Session } from '../../http/session';

export async function findSession(db: Queryable, hash: Buffer): Promise<Session | undefined> {
  const [row] = await db
    .select({
      tokenId: tokens.id,
      kind: tokens.kind,
      userId: tokens.userId,
      userStatus: users.status,
      deviceId: tokens.deviceId,
      referralCode: tokens.referralCode,
    })
    .from(tokens)
    .leftJoin(users, eq(users.id, tokens.userId))
    .where(and(eq(tokens.tokenHash, hash), isNull(tokens.revokedAt), gt(tokens.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function insertToken(
  db: Queryable,
  token: {
    tokenHash: Buffer;
    kind: 'anonymous' | 'user';
    userId: number | null;
    deviceId: string;
    referralCode: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(tokens).values(token);
}

export async function revokeToken(db: Queryable, tokenId: number): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revokedAt)));
}

export async function revokeUserTokens(db: Queryable, userId: number): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
}
