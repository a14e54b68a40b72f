import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Queryable } from '../../db/client';
import { tokens } from '../../db/schema';
import type { Session } from '../../http/session';

/** Plain text as a named statement: it runs on nearly every call, so PostgreSQL plans it once per connection. */
const FIND_SESSION = {
  name: 'find_session',
  text: `select t.id as "tokenId", t.kind, t.user_id as "userId", u.status as "userStatus", t.device_id as "deviceId",
                t.referral_code as "referralCode", t.expires_at as "expiresAt"
           from tokens t left join users u on u.id = t.user_id
          where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now()
          limit 1`,
};

/** The live session of a token hash, with the token's expiry. */
export async function findSession(pool: pg.Pool, hash: Buffer): Promise<{ session: Session; expiresAt: Date } | undefined> {
  const { rows } = await pool.query<Session & { expiresAt: Date }>({ ...FIND_SESSION, values: [hash] });
  const row = rows[0];
  if (!row) return undefined;
  const { expiresAt, ...session } = row;
  return { session, expiresAt };
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
