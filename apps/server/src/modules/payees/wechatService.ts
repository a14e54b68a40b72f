/**
 * WeChat Pay pays an openid of our mini-program, never an account a user types: a WeChat payee is
 * the openid linked by mini-program login, and a user without one is told how to link it.
 */
import { Code } from '@maika/shared';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/envelope';

export async function linkedWechatOpenid(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.select({ openid: users.wechatOpenid }).from(users).where(eq(users.id, userId));
  return row?.openid ?? null;
}

export async function requireWechatOpenid(db: Queryable, userId: number): Promise<string> {
  const openid = await linkedWechatOpenid(db, userId);
  if (!openid) throw new AppError(Code.WechatNotLinked);
  return openid;
}
