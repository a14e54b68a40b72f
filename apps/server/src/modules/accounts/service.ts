import { maskPhone, maskRealName, nicknameIn, type Gender, type Locale, type UserInfo } from '@maika/shared';
import type { Deps } from '../../deps';
import { invalidInput, notFound } from '../../http/envelope';
import { decrypt, newInviteCode } from '../../lib/crypto';
import type { Queryable } from '../../db/client';
import { attachUploads, detachUpload, ownedUploadPaths } from '../upload';
import {
  findActiveUserByInviteCode,
  findUserById,
  findUserByPhone,
  insertUser,
  inviteCodeTaken,
  lockUser,
  updateProfile,
  type UserRow,
} from './repo';

/** The user as they see themselves, in their language (the default nickname is rendered, never stored). */
export function toUserInfo(deps: Deps, user: UserRow, locale: Locale): UserInfo {
  return {
    id: user.id,
    nickname: nicknameIn(user, locale),
    avatar: user.avatar,
    phone: user.phone ? maskPhone(user.phone) : '',
    gender: user.gender,
    inviteCode: user.inviteCode,
    hasReferrer: user.referrerId !== null,
    createdAt: user.createdAt.toISOString(),
    realInfo: realInfoOf(deps, user),
  };
}

export function realInfoOf(deps: Deps, user: UserRow): UserInfo['realInfo'] {
  const realName = user.realNameEnc ? decrypt(deps.config.dataEncryptionKey, user.realNameEnc) : null;
  return { verified: user.idNumEnc !== null, name: realName ? maskRealName(realName) : null, idNum: user.idNumMasked };
}

export async function getUser(deps: Deps, userId: number): Promise<UserRow> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) throw notFound('thing.user');
  return user;
}

/**
 * The user behind a phone, created at the first login. A referral code binds the new user to an
 * active referrer once, at creation; an existing user is never re-bound.
 */
export async function findOrCreateUserByPhone(deps: Deps, db: Queryable, phone: string, referralCode: string | null): Promise<UserRow> {
  const existing = await findUserByPhone(db, phone);
  if (existing) return existing;
  const referrer = referralCode ? await findActiveUserByInviteCode(db, referralCode) : undefined;
  const created = await insertUser(db, {
    phone,
    inviteCode: await freshInviteCode(db),
    referrerId: referrer?.id ?? null,
  });
  return created ?? (await findUserByPhone(db, phone))!;
}

async function freshInviteCode(db: Queryable): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    if (!(await inviteCodeTaken(db, code))) return code;
  }
}

/** An avatar must be the caller's own upload for that purpose; the one it replaces is let go. */
export async function updateInfo(
  deps: Deps,
  userId: number,
  changes: { nickname?: string; gender?: Gender; avatar?: string },
): Promise<UserRow> {
  const { avatar } = changes;
  if (avatar !== undefined && !(await ownedUploadPaths(deps.database.db, userId, 'avatar', [avatar])).has(avatar)) {
    throw invalidInput('avatar', 'must be an image you uploaded with /api/file/upload?purpose=avatar; upload it first');
  }
  return deps.database.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) throw notFound('thing.user');
    const user = await updateProfile(tx, userId, changes);
    if (avatar !== undefined && before.avatar !== avatar) {
      await attachUploads(tx, userId, [avatar]);
      if (before.avatar) await detachUpload(tx, userId, before.avatar);
    }
    return user!;
  });
}
