import type { MiniProgramPlatform } from '@maika/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { miniProgramLogins, users } from '../../db/schema';
import type { UserRow } from './repo';

/** The users column that holds each platform's id. */
const idColumn = (platform: MiniProgramPlatform) => (platform === 'weapp' ? users.wechatOpenid : users.alipayUserId);

export async function findUserByOpenid(db: Queryable, platform: MiniProgramPlatform, openid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(idColumn(platform), openid));
  return row;
}

export async function recordUnboundLogin(
  db: Queryable,
  login: { platform: MiniProgramPlatform; openid: string; deviceId: string },
): Promise<void> {
  await db.insert(miniProgramLogins).values(login);
}

/** The newest unconsumed 309 login of this openid from this device within `withinMs`; `lock` holds it. */
export async function findUnboundLogin(
  db: Queryable,
  login: { platform: MiniProgramPlatform; openid: string; deviceId: string },
  withinMs: number,
  lock = false,
) {
  const query = db
    .select({ id: miniProgramLogins.id })
    .from(miniProgramLogins)
    .where(
      and(
        eq(miniProgramLogins.platform, login.platform),
        eq(miniProgramLogins.openid, login.openid),
        eq(miniProgramLogins.deviceId, login.deviceId),
        isNull(miniProgramLogins.consumedAt),
        gt(miniProgramLogins.createdAt, sql`now() - make_interval(secs => ${withinMs / 1000})`),
      ),
    )
    .orderBy(desc(miniProgramLogins.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every open 309 login of the openid is spent once it is linked, whatever device made it. */
export async function consumeUnboundLogins(db: Queryable, platform: MiniProgramPlatform, openid: string): Promise<void> {
  await db
    .update(miniProgramLogins)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(miniProgramLogins.platform, platform), eq(miniProgramLogins.openid, openid), isNull(miniProgramLogins.consumedAt)));
}

/** Links the platform id to the user unless the user already has one for that platform (false then). */
export async function setOpenid(db: Queryable, userId: number, platform: MiniProgramPlatform, openid: string): Promise<boolean> {
  const column = idColumn(platform);
  const updated = await db
    .update(users)
    .set(platform === 'weapp' ? { wechatOpenid: openid } : { alipayUserId: openid })
    .where(and(eq(users.id, userId), isNull(column)))
    .returning({ id: users.id });
  return updated.length === 1;
}
