/**
 * Linking a mini-program account to a phone account. A 309 login leaves a record of the openid and
 * the device; the SMS login that follows on the same device within 30 minutes may link it, once.
 * So nobody can link an openid they never logged in with.
 */
import { Code, type MiniProgramPlatform } from '@maika/shared';
import type { Deps } from '../../deps';
import type { Queryable } from '../../db/client';
import { AppError } from '../../http/envelope';
import type { UserRow } from './repo';
import { uniqueViolation } from '../../db/errors';
import { consumeUnboundLogins, findUnboundLogin, setOpenid } from './miniProgramRepo';

export const LINK_WINDOW_MS = 30 * 60 * 1000;

export interface MiniProgramLinkRequest {
  platform: MiniProgramPlatform;
  openid: string;
  deviceId: string;
}

/** Before the SMS code is spent: is there a 309 login to link? */
export async function checkLinkable(deps: Deps, link: MiniProgramLinkRequest): Promise<void> {
  if (!(await findUnboundLogin(deps.database.db, link, LINK_WINDOW_MS))) throw new AppError(Code.MiniProgramBindingMissing);
}

const currentId = (user: UserRow, platform: MiniProgramPlatform) => (platform === 'weapp' ? user.wechatOpenid : user.alipayUserId);

/** Inside the login transaction: links the openid and spends the 309 record. */
export async function linkMiniProgram(db: Queryable, user: UserRow, link: MiniProgramLinkRequest): Promise<UserRow> {
  const pending = await findUnboundLogin(db, link, LINK_WINDOW_MS, true);
  if (!pending) throw new AppError(Code.MiniProgramBindingMissing);
  const existing = currentId(user, link.platform);
  if (existing !== null && existing !== link.openid) throw new AppError(Code.MiniProgramAlreadyLinked);
  if (existing === null) {
    try {
      await db.transaction((savepoint) => setOpenid(savepoint, user.id, link.platform, link.openid));
    } catch (error) {
      // The openid was linked to another account since the 309.
      if (uniqueViolation(error)?.startsWith('users_')) throw new AppError(Code.MiniProgramAlreadyLinked);
      throw error;
    }
  }
  await consumeUnboundLogins(db, link.platform, link.openid);
  return link.platform === 'weapp' ? { ...user, wechatOpenid: link.openid } : { ...user, alipayUserId: link.openid };
}
