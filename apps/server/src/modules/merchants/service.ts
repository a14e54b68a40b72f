/**
 * A seller's side of the merchant API in the app: applying, the page's status, keys and the
 * callback address, and the callbacks sent to it (docs/product.md "Merchant API").
 */
import {
  bothLanguages,
  Code,
  MERCHANT_ACTIVE_KEYS_MAX,
  MerchantStatus,
  merchantStatusTable,
  type MerchantApplyBody,
  type MerchantCallbackList,
  type MerchantCallbackQuery,
  type MerchantKey,
  type MerchantKeyCreated,
  type MerchantProfile,
} from '@maika/shared';
import { randomBytes } from 'node:crypto';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { encrypt } from '../../lib/crypto';
import { checkNotifyUrl, toMerchantCallback } from './callbackService';
import { listCallbacks } from './orderRepo';
import {
  applyAsMerchant,
  countActiveKeys,
  findMerchantOfUser,
  insertKey,
  listKeys,
  lockMerchant,
  revokeKey,
  saveNotifyUrl,
  type MerchantKeyRow,
  type MerchantRow,
} from './repo';

const statusLabel = (status: number) => merchantStatusTable.byCode(status)?.label ?? { 'zh-CN': String(status), 'en-US': String(status) };

export function toMerchantKey(k: MerchantKeyRow): MerchantKey {
  return {
    keyId: k.keyId,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revoked: k.revokedAt !== null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}

/** A first application, or a new one after a refusal; refused while one is waiting, approved or suspended. */
export async function applyForMerchantApi(deps: Deps, userId: number, body: MerchantApplyBody): Promise<{ status: MerchantStatus }> {
  const row = await applyAsMerchant(deps.database.db, userId, body);
  if (row) return { status: row.status };
  const current = await findMerchantOfUser(deps.database.db, userId);
  throw new AppError(Code.MerchantAlreadyApplied, { status: statusLabel(current?.status ?? MerchantStatus.Waiting) });
}

export async function merchantProfile(deps: Deps, userId: number): Promise<MerchantProfile> {
  const db = deps.database.db;
  const m = await findMerchantOfUser(db, userId);
  if (!m)
    return {
      status: null,
      name: null,
      contact: null,
      monthlyVolume: null,
      reason: null,
      notifyUrl: null,
      appliedAt: null,
      decidedAt: null,
      keys: [],
    };
  return {
    status: m.status,
    name: m.name,
    contact: m.contact,
    monthlyVolume: m.monthlyVolume,
    reason: m.reason,
    notifyUrl: m.notifyUrl,
    appliedAt: m.appliedAt.toISOString(),
    decidedAt: m.decidedAt?.toISOString() ?? null,
    keys: (await listKeys(db, m.id)).map(toMerchantKey),
  };
}

/** The user's merchant in one of `allowed`, else refused with where it stands. */
async function merchantIn(deps: Deps, userId: number, allowed: readonly MerchantStatus[]): Promise<MerchantRow> {
  const m = await findMerchantOfUser(deps.database.db, userId);
  if (!m || !allowed.includes(m.status))
    throw new AppError(Code.MerchantNotApproved, {
      status: m ? statusLabel(m.status) : bothLanguages({ key: 'merchant.notApplied' }),
    });
  return m;
}

/**
 * A new key for an approved merchant; the secret is answered this once and kept only encrypted
 * (our callbacks are signed with it). At most MERCHANT_ACTIVE_KEYS_MAX unrevoked keys, so a
 * rotation can overlap the old key without keys piling up.
 */
export async function createMerchantKey(deps: Deps, userId: number): Promise<MerchantKeyCreated> {
  const m = await merchantIn(deps, userId, [MerchantStatus.Approved]);
  const keyId = `mk_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await deps.database.db.transaction(async (tx) => {
    await lockMerchant(tx, m.id);
    if ((await countActiveKeys(tx, m.id)) >= MERCHANT_ACTIVE_KEYS_MAX)
      throw new AppError(Code.MerchantKeyLimit, { limit: MERCHANT_ACTIVE_KEYS_MAX });
    await insertKey(tx, { merchantId: m.id, keyId, secretEnc: encrypt(deps.config.dataEncryptionKey, secret) });
  });
  return { keyId, secret };
}

/** Any merchant may revoke its own key, suspended or not: a leaked key must be stoppable at once. */
export async function revokeMerchantKey(deps: Deps, userId: number, keyId: string): Promise<{ key: MerchantKey }> {
  const m = await findMerchantOfUser(deps.database.db, userId);
  const row = m && (await revokeKey(deps.database.db, m.id, keyId));
  if (!row) throw notFound('thing.merchantKey');
  return { key: toMerchantKey(row) };
}

/** The merchant's callback address, checked as it will be when used; null removes it. */
export async function saveMerchantNotifyUrl(deps: Deps, userId: number, notifyUrl: string | null): Promise<{ notifyUrl: string | null }> {
  const m = await merchantIn(deps, userId, [MerchantStatus.Approved, MerchantStatus.Suspended]);
  if (notifyUrl !== null) await checkNotifyUrl(deps, notifyUrl);
  await saveNotifyUrl(deps.database.db, m.id, notifyUrl);
  return { notifyUrl };
}

/** The callbacks sent for the user's merchant orders, newest first; none when the user is no merchant. */
export async function merchantCallbacks(deps: Deps, userId: number, q: MerchantCallbackQuery): Promise<MerchantCallbackList> {
  const m = await findMerchantOfUser(deps.database.db, userId);
  return m ? callbacksOf(deps, m.id, q) : { list: [], total: 0 };
}

/** One merchant's callback attempts, newest first (the app's list and the console's). */
export async function callbacksOf(deps: Deps, merchantId: number, q: MerchantCallbackQuery): Promise<MerchantCallbackList> {
  const { rows, total } = await listCallbacks(deps.database.db, merchantId, q.merchantOrderNo, q.pageSize, offsetOf(q));
  return { list: rows.map(toMerchantCallback), total };
}

/** The merchant of a user, for the calls that act on its orders; not found for a user who never applied. */
export async function merchantIdOfUser(deps: Deps, userId: number): Promise<number> {
  const m = await findMerchantOfUser(deps.database.db, userId);
  if (!m) throw notFound('thing.merchant');
  return m.id;
}
