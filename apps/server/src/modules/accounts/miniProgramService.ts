/** Mini-program login: a linked account logs straight in (200); an unlinked one gets 309 and its openid. */
import { Code, type Locale, type MiniProgramPlatform, type UserInfo } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { MiniProgramError } from '../../providers/miniProgram';
import { rememberLocale } from '../messages';
import { issueLoginToken } from './authService';
import { toUserInfo } from './service';
import { findUserByOpenid, recordUnboundLogin } from './miniProgramRepo';

export type MiniProgramLoginResult = { linked: true; token: string; userinfo: UserInfo } | { linked: false; openid: string };

async function openidOf(deps: Deps, platform: MiniProgramPlatform, code: string): Promise<string> {
  try {
    return await deps.miniProgram[platform].openidOf(code);
  } catch (error) {
    if (!(error instanceof MiniProgramError)) throw error;
    if (error.kind === 'code') throw new AppError(Code.MiniProgramCodeInvalid, {}, null, error);
    if (error.kind === 'off') throw new AppError(Code.MiniProgramNotOffered, {}, null, error);
    throw new AppError(Code.MiniProgramProviderFailed, { reason: error.reason }, null, error);
  }
}

export async function miniProgramLogin(
  deps: Deps,
  platform: MiniProgramPlatform,
  code: string,
  deviceId: string,
  locale: Locale,
): Promise<MiniProgramLoginResult> {
  const openid = await openidOf(deps, platform, code);
  const db = deps.database.db;
  const user = await findUserByOpenid(db, platform, openid);
  if (!user) {
    await recordUnboundLogin(db, { platform, openid, deviceId });
    return { linked: false, openid };
  }
  if (user.status === 'frozen') throw new AppError(Code.AccountFrozen);
  await rememberLocale(db, user.id, locale);
  const token = await issueLoginToken(deps, db, user.id, deviceId);
  return { linked: true, token, userinfo: toUserInfo(deps, user, locale) };
}
