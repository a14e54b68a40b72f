import { Code, type Locale, type MiniProgramPlatform } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import type { Session } from '../../http/session';
import { newToken } from '../../lib/crypto';
import { clientNetwork } from '../../lib/network';
import type { Queryable } from '../../db/client';
import { checkLinkable, linkMiniProgram } from './miniProgramLinkService';
import { rememberLocale } from '../messages';
import { sendCode, verifyCode } from '../otp';
import { findActiveUserByInviteCode } from './repo';
import { findOrCreateUserByPhone, toUserInfo } from './service';
import { findSession, insertToken, revokeToken } from './authRepo';
import { ANONYMOUS_TOKEN_TTL_MS, USER_TOKEN_TTL_MS, tokenHash } from './tokenService';

async function issueToken(
  deps: Deps,
  db: Queryable,
  kind: 'anonymous' | 'user',
  fields: { userId: number | null; deviceId: string; referralCode: string | null },
): Promise<string> {
  const token = newToken();
  const ttl = kind === 'user' ? USER_TOKEN_TTL_MS : ANONYMOUS_TOKEN_TTL_MS;
  await insertToken(db, { tokenHash: tokenHash(deps.config, token), kind, ...fields, expiresAt: new Date(Date.now() + ttl) });
  return token;
}

/**
 * An anonymous token remembers the referral code it was fetched with until the user logs in. Each
 * one is a row, so a client network (an IPv6 client by its /64) gets a limited number per hour.
 */
export async function issueAnonymousToken(deps: Deps, deviceId: string, referralCode: string | undefined, ip: string) {
  const wait = await deps.limits.tokensPerNetwork.take(clientNetwork(ip));
  if (wait !== null) throw new AppError(Code.RateLimited, { seconds: wait }, { seconds: wait });
  const referrer = referralCode ? await findActiveUserByInviteCode(deps.database.db, referralCode) : undefined;
  return issueToken(deps, deps.database.db, 'anonymous', {
    userId: null,
    deviceId,
    referralCode: referrer?.inviteCode ?? null,
  });
}

export const sendLoginSms = (deps: Deps, phone: string, ip: string) => sendCode(deps, phone, 'login', ip);

/** A login token for a user found by other means (mini-program login). */
export const issueLoginToken = (deps: Deps, db: Queryable, userId: number, deviceId: string) =>
  issueToken(deps, db, 'user', { userId, deviceId, referralCode: null });

export async function smsLogin(
  deps: Deps,
  input: {
    phone: string;
    code: string;
    referralCode?: string;
    deviceId: string;
    session: Session | null;
    locale: Locale;
    /** From a 309 mini-program login on this device: link that account to the user. */
    miniProgram?: { platform: MiniProgramPlatform; openid: string };
  },
) {
  const link = input.miniProgram ? { ...input.miniProgram, deviceId: input.deviceId } : undefined;
  if (link) await checkLinkable(deps, link);
  await verifyCode(deps, input.phone, 'login', input.code);
  return deps.database.db.transaction(async (tx) => {
    const referralCode = input.referralCode ?? input.session?.referralCode ?? null;
    const found = await findOrCreateUserByPhone(deps, tx, input.phone, referralCode);
    if (found.status === 'frozen') throw new AppError(Code.AccountFrozen);
    const user = link ? await linkMiniProgram(tx, found, link) : found;
    await rememberLocale(tx, user.id, input.locale);
    const token = await issueToken(deps, tx, 'user', { userId: user.id, deviceId: input.deviceId, referralCode: null });
    return { token, userinfo: toUserInfo(deps, user, input.locale) };
  });
}

export async function logOut(deps: Deps, session: Session): Promise<void> {
  await revokeToken(deps.database.db, session.tokenId);
  // Refused here from the next request on; other instances hear of it in their turn.
  await deps.sessions.heard(deps.database.pool);
}

/**
 * The live session a client token stands for (the server's session lookup, see http/session.ts),
 * kept in process while this instance hears of every change (lib/sessionCache.ts).
 */
export async function findSessionByToken(deps: Deps, token: string): Promise<Session | undefined> {
  const hash = tokenHash(deps.config, token);
  return deps.sessions.get(hash.toString('base64'), () => findSession(deps.database.pool, hash));
}
