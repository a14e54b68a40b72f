/**
 * The review console's decisions on cards. Each runs in one transaction on the locked card and
 * goes through the state machines; the money side (credit job, frozen settlement) is settle.ts's.
 */
import { CardStatus, Code, FILTER_ALL, SettlementStatus, type AdminCard, type AdminCardQuery, type Locale } from '@maika/shared';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../admin/audit';
import { CARD_CREDIT_QUEUE } from '../../jobs/cardQueues';
import { applyVerdict, type Verdict } from '../channel/settle';
import { findAdminCard, listAdminCards, type AdminCardRow } from './adminRepo';
import { findCardForUpdate, updateCard, type CardRow } from './repo';
import { openCard } from './secrets';
import { cardStatusLabel, cardThing } from './service';
import { canMoveSettlement } from './stateMachine';
import { toOrderCard } from './view';

export function toAdminCard(row: AdminCardRow): AdminCard {
  const { card } = row;
  return {
    ...toOrderCard(card),
    orderId: card.orderId,
    orderNo: row.orderNo,
    userId: card.userId,
    userPhone: row.userPhone,
    goodsId: card.cardTypeId,
    goodsName: row.goodsName,
    rateBp: row.rateBp,
    settlementRateBp: card.settlementRateBp,
    channel: card.channel,
    createdAt: card.createdAt.toISOString(),
    reviewedAt: card.reviewedAt?.toISOString() ?? null,
  };
}

export async function listCardsForReview(deps: Deps, q: AdminCardQuery) {
  const filter = { status: q.status === FILTER_ALL ? null : q.status, goodsId: q.goodsId, phone: q.phone, userId: q.userId, from: q.from, to: q.to };
  const { list, total } = await listAdminCards(deps.database.db, filter, q.pageSize, offsetOf(q));
  return { list: list.map(toAdminCard), total };
}

export async function getAdminCard(deps: Deps, id: number): Promise<AdminCard> {
  const row = await findAdminCard(deps.database.db, id);
  if (!row) throw notFound(cardThing);
  return toAdminCard(row);
}

/** The plaintext number and password, for a reviewer checking a card by hand (the route audits it). */
export async function revealCard(deps: Deps, id: number, audit?: AdminAction) {
  const row = await findAdminCard(deps.database.db, id);
  if (!row) throw notFound(cardThing);
  // Recorded before the secret is opened: a reveal nobody can see in the log never happens.
  await recordAudit(deps.database.db, audit);
  return openCard(deps, row.card);
}

export type ReviewAction = 'approve' | 'reject' | 'notActivated' | 'abnormal';

const actionText: Record<ReviewAction | 'freeze' | 'unfreeze' | 'decide', Record<Locale, string>> = {
  approve: { 'zh-CN': '通过', 'en-US': 'approved' },
  reject: { 'zh-CN': '驳回', 'en-US': 'rejected' },
  notActivated: { 'zh-CN': '标记为未激活', 'en-US': 'marked not activated' },
  abnormal: { 'zh-CN': '标记为异常', 'en-US': 'marked abnormal' },
  freeze: { 'zh-CN': '冻结', 'en-US': 'frozen' },
  unfreeze: { 'zh-CN': '解冻', 'en-US': 'unfrozen' },
  decide: { 'zh-CN': '处理申诉', 'en-US': 'decided as an appeal' },
};

/** Both languages, as the withdrawal conflicts do: the console may be read in either. */
export function conflict(card: CardRow, action: keyof typeof actionText): AppError {
  const both = (t: Record<Locale, string>) => `${t['zh-CN']} / ${t['en-US']}`;
  const status = both({ 'zh-CN': cardStatusLabel(card.status, 'zh-CN'), 'en-US': cardStatusLabel(card.status, 'en-US') });
  return new AppError(Code.CardStateConflict, { status, action: both(actionText[action]) }, { status: card.status, settlementStatus: card.settlementStatus });
}

/** Appeals are decided through decideAppeal, so a card under appeal is not reviewed here. */
export async function reviewCard(deps: Deps, id: number, verdict: Verdict, action: ReviewAction, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound(cardThing);
    if (card.status === CardStatus.UnderAppeal || !(await applyVerdict(deps, tx, card, verdict))) throw conflict(card, action);
    await recordAudit(tx, audit, { type: 'card', id });
  });
}

export async function decideAppeal(deps: Deps, id: number, d: { uphold: boolean; reply: string; actualFaceValueFen?: number }, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound(cardThing);
    if (card.status !== CardStatus.UnderAppeal) throw conflict(card, 'decide');
    const back = (card.statusBeforeAppeal ?? CardStatus.Rejected) as typeof CardStatus.Rejected | typeof CardStatus.Abnormal;
    const verdict: Verdict = d.uphold ? { status: CardStatus.Passed, actualFaceValueFen: d.actualFaceValueFen } : { status: back, reason: card.rejectReason };
    if (!(await applyVerdict(deps, tx, card, verdict, { appealReply: d.reply }))) throw conflict(card, 'decide');
    await recordAudit(tx, audit);
  });
}

/** Holds money not credited yet (settlement 0 or 1); credited money is corrected in the ledger instead. */
export async function freezeSettlement(deps: Deps, id: number, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound(cardThing);
    if (!canMoveSettlement(card.settlementStatus as SettlementStatus, SettlementStatus.Frozen)) throw conflict(card, 'freeze');
    await updateCard(tx, id, { settlementStatus: SettlementStatus.Frozen, settlementBeforeFreeze: card.settlementStatus });
    await recordAudit(tx, audit);
  });
}

export async function unfreezeSettlement(deps: Deps, id: number, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound(cardThing);
    const back = (card.settlementBeforeFreeze ?? SettlementStatus.NotCredited) as SettlementStatus;
    if (card.settlementStatus !== SettlementStatus.Frozen || !canMoveSettlement(SettlementStatus.Frozen, back)) throw conflict(card, 'unfreeze');
    await updateCard(tx, id, { settlementStatus: back, settlementBeforeFreeze: null });
    if (back === SettlementStatus.PendingCredit) await deps.jobs.send(CARD_CREDIT_QUEUE, { cardId: id }, { tx });
    await recordAudit(tx, audit);
  });
}

/**
 * Each card on its own: one that cannot be changed is reported, the others still are. Each card
 * changed gets its own audit entry in its own transaction.
 */
export async function reviewMany(deps: Deps, ids: number[], verdict: Verdict, action: ReviewAction, audit?: AdminAction) {
  const done: number[] = [];
  const skipped: { id: number; reason: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await reviewCard(deps, id, verdict, action, audit);
      done.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      skipped.push({ id, reason: e.message });
    }
  }
  // Nothing changed, yet the attempt is the operator's act on record all the same.
  if (done.length === 0) await recordAudit(deps.database.db, audit, { type: 'card', id: 'none', detail: { skipped } });
  return { done, skipped };
}

