/**
 * Operators and merchants: deciding applications (approve or refuse a waiting one), suspending an
 * approved merchant and reinstating a suspended one, each merchant's own rates, and its callbacks.
 * Every change is written with its audit entry in one transaction.
 */
import {
  bothLanguages,
  Code,
  formatFen,
  MerchantStatus,
  merchantStatusTable,
  type AdminMerchant,
  type AdminMerchantDetail,
  type AdminMerchantQuery,
  type AdminMerchantRates,
  type AdminMerchantRatesBody,
  type Locale,
  type MerchantCallbackList,
  type MerchantCallbackQuery,
  type MerchantResendData,
  type TextKey,
} from '@maika/shared';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../audit';
import { resendCallback } from './callbackService';
import { electronicFaceValueExists, rateRows, saveRate } from './rateRepo';
import { decideMerchant, findMerchantForAdmin, listKeys, listMerchants, type AdminMerchantRow } from './repo';
import { callbacksOf, toMerchantKey } from './service';

function toAdminMerchant(row: AdminMerchantRow): AdminMerchant {
  const m = row.merchant;
  return {
    id: m.id,
    userId: m.userId,
    phone: row.phone,
    name: m.name,
    contact: m.contact,
    monthlyVolume: m.monthlyVolume,
    status: m.status,
    reason: m.reason,
    notifyUrl: m.notifyUrl,
    appliedAt: m.appliedAt.toISOString(),
    decidedAt: m.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedByName,
    activeKeys: row.activeKeys,
  };
}

export async function listMerchantsForAdmin(deps: Deps, q: AdminMerchantQuery) {
  const { rows, total } = await listMerchants(deps.database.db, {
    ...(q.status !== undefined ? { status: q.status } : {}),
    ...(q.phone ? { phone: q.phone } : {}),
    ...(q.name ? { name: q.name } : {}),
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toAdminMerchant), total };
}

export async function getMerchantForAdmin(deps: Deps, id: number): Promise<AdminMerchantDetail> {
  const db = deps.database.db;
  const row = await findMerchantForAdmin(db, id);
  if (!row) throw notFound('thing.merchant');
  return { ...toAdminMerchant(row), keys: (await listKeys(db, id)).map(toMerchantKey) };
}

/** The moves an operator may make, each from one status only (the merchant status table). */
const decisions = {
  approve: { from: MerchantStatus.Waiting, to: MerchantStatus.Approved, words: 'merchant.action.approve' },
  refuse: { from: MerchantStatus.Waiting, to: MerchantStatus.Refused, words: 'merchant.action.refuse' },
  suspend: { from: MerchantStatus.Approved, to: MerchantStatus.Suspended, words: 'merchant.action.suspend' },
  reinstate: { from: MerchantStatus.Suspended, to: MerchantStatus.Approved, words: 'merchant.action.reinstate' },
} as const satisfies Record<string, { from: MerchantStatus; to: MerchantStatus; words: TextKey }>;
export type MerchantDecision = keyof typeof decisions;

/**
 * Moves the merchant when it is in the decision's one starting status; otherwise refused with
 * where it stands. A refusal or suspension carries the reason the merchant reads; approving or
 * reinstating clears it.
 */
export async function decideMerchantStatus(
  deps: Deps,
  id: number,
  decision: MerchantDecision,
  reason: string | null,
  audit: AdminAction | undefined,
): Promise<AdminMerchantDetail> {
  const { from, to, words } = decisions[decision];
  await deps.database.db.transaction(async (tx) => {
    const moved = await decideMerchant(tx, { id, from, to, adminId: audit?.adminId ?? null, reason });
    if (!moved) {
      const current = await findMerchantForAdmin(tx, id);
      if (!current) throw notFound('thing.merchant');
      const status = current.merchant.status;
      throw new AppError(
        Code.MerchantStatusConflict,
        { status: merchantStatusTable.byCode(status)!.label, action: bothLanguages({ key: words }) },
        { status },
      );
    }
    await recordAudit(tx, audit, { type: 'merchant', id, detail: { from, to, reason } });
  });
  return getMerchantForAdmin(deps, id);
}

async function requireMerchant(deps: Deps, id: number): Promise<void> {
  if (!(await findMerchantForAdmin(deps.database.db, id))) throw notFound('thing.merchant');
}

/** Every face value of the electronic card types, with the public rate and this merchant's own. */
export async function merchantRates(deps: Deps, id: number, locale: Locale): Promise<AdminMerchantRates> {
  await requireMerchant(deps, id);
  return { list: await rateRows(deps.database.db, id, locale) };
}

/** Sets (or, with null, removes) the named rates in one go: a row naming no face value of an electronic card type refuses them all. */
export async function saveMerchantRates(
  deps: Deps,
  id: number,
  body: AdminMerchantRatesBody,
  locale: Locale,
  audit: AdminAction | undefined,
): Promise<AdminMerchantRates> {
  await requireMerchant(deps, id);
  await deps.database.db.transaction(async (tx) => {
    for (const r of body.rates) {
      if (!(await electronicFaceValueExists(tx, r.goodsId, r.faceValueFen)))
        throw new AppError(Code.MerchantRateFaceValueUnknown, { goodsId: r.goodsId, value: formatFen(r.faceValueFen) });
      await saveRate(tx, {
        merchantId: id,
        cardTypeId: r.goodsId,
        faceValueFen: r.faceValueFen,
        rateBp: r.rateBp,
        adminId: audit?.adminId ?? null,
      });
    }
    await recordAudit(tx, audit, { type: 'merchant', id, detail: { rates: body.rates } });
  });
  return merchantRates(deps, id, locale);
}

export async function merchantCallbacksForAdmin(deps: Deps, id: number, q: MerchantCallbackQuery): Promise<MerchantCallbackList> {
  await requireMerchant(deps, id);
  return callbacksOf(deps, id, q);
}

export async function resendCallbackForAdmin(
  deps: Deps,
  id: number,
  merchantOrderNo: string,
  audit: AdminAction | undefined,
): Promise<MerchantResendData> {
  await requireMerchant(deps, id);
  return resendCallback(deps, id, merchantOrderNo, audit);
}
