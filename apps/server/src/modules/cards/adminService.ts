/**
 * The review console's decisions on cards. Each runs in one transaction on the locked card and
 * goes through the state machines; the money side (credit job, frozen settlement) is settleService.ts's.
 */
import {
  CARD_REVIEW_QUEUE,
  CardStatus,
  Code,
  FILTER_ALL,
  SettlementStatus,
  textCatalogue,
  type AdminCard,
  type AdminCardQuery,
  type LocalizedText,
  type TextRef,
  inBothLanguages,
} from '@maika/shared';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound, sayIn } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../audit';
import { CARD_CREDIT_QUEUE } from '../../jobs/queues';
import { applyVerdict, settlementOf, type Verdict } from './settleService';
import { findAdminCard, listAdminCards, orderIdsOfCards, type AdminCardRow } from './adminRepo';
import { reportBatch, type BatchReports } from './messageService';
import { findCardForUpdate, updateCard, type CardRow } from './repo';
import { openCard } from './secretService';
import { cardsArrived } from './shipmentService';
import { cardStatusLabel } from './service';
import { canMoveCard, canMoveSettlement } from './stateMachine';
import {
  checkAskedSettlement,
  closePendingPass,
  gateCardPass,
  type CardPassKind,
  type CardPassPayload,
  type SecondReviewCause,
} from './gateService';
import type { Queryable, Tx } from '../../db/client';
import { adminName, countRevealsLastHour, findPendingForCard, insertReveal, type SecondApprovalRow } from '../approvals';
import { noteCardDecided } from '../merchants';
import { rejectReasonOf, toOrderCard, type CardView } from './view';

export function toAdminCard(row: AdminCardRow): CardView<AdminCard> {
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
    awaitingReceipt: row.awaitingReceipt,
    channelRefusal: card.channelRefusedAt ? card.channelRefusal : null,
    createdAt: card.createdAt.toISOString(),
    reviewedAt: card.reviewedAt?.toISOString() ?? null,
  };
}

export async function listCardsForReview(deps: Deps, q: AdminCardQuery) {
  const filter = {
    status: q.status === FILTER_ALL ? null : q.status,
    awaitingReview: q.queue === CARD_REVIEW_QUEUE,
    goodsId: q.goodsId,
    phone: q.phone,
    userId: q.userId,
    from: q.from,
    to: q.to,
  };
  const { list, total } = await listAdminCards(deps.database.db, filter, q.pageSize, offsetOf(q));
  return { list: list.map(toAdminCard), total };
}

export async function getAdminCard(deps: Deps, id: number): Promise<CardView<AdminCard>> {
  const db = deps.database.db;
  const row = await findAdminCard(db, id);
  if (!row) throw notFound('thing.card');
  const pending = await findPendingForCard(db, id);
  const pendingApproval = pending
    ? {
        id: pending.id,
        actualFaceValueFen: (pending.payload as CardPassPayload).actualFaceValueFen,
        requestedByName: await adminName(db, pending.requestedBy),
      }
    : null;
  return { ...toAdminCard(row), pendingApproval };
}

/** Cards whose secrets a human may need to see: those waiting for a human decision. */
const revealable: readonly number[] = [CardStatus.Abnormal, CardStatus.NotActivated, CardStatus.UnderAppeal];

/**
 * The plaintext number and password, for a reviewer deciding a card by hand: only while the card
 * waits for that decision, with the reason typed, at most CARD_REVEAL_HOURLY_LIMIT an hour per
 * operator (counted under a lock on the operator, so parallel calls cannot pass it).
 */
export async function revealCard(deps: Deps, id: number, adminId: number, reason: string, audit?: AdminAction) {
  return deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound('thing.card');
    if (!revealable.includes(card.status)) throw new AppError(Code.RevealNotAllowed, { status: cardStatusLabel(card.status) });
    const limit = deps.config.CARD_REVEAL_HOURLY_LIMIT;
    if ((await countRevealsLastHour(tx, adminId)) >= limit) throw new AppError(Code.RevealHourlyLimit, { limit });
    await insertReveal(tx, { adminId, cardId: id, reason });
    // Committed with the reveal, before the secret is opened: a reveal nobody can see in the log never happens.
    await recordAudit(tx, audit);
    return openCard(deps, card);
  });
}

export type ReviewAction = 'approve' | 'reject' | 'notActivated' | 'abnormal';

type CardAction = ReviewAction | 'freeze' | 'unfreeze' | 'decide';
const actionText = (action: CardAction): LocalizedText => textCatalogue[`card.action.${action}`];

/** Both languages, as the withdrawal conflicts do: the console may be read in either. */
export function conflict(card: CardRow, action: CardAction): AppError {
  return new AppError(
    Code.CardStateConflict,
    { status: inBothLanguages(cardStatusLabel(card.status)), action: inBothLanguages(actionText(action)) },
    { status: card.status, settlementStatus: card.settlementStatus },
  );
}

/** A pass that waits for a second reviewer, and why; nothing else changed. */
export type ReviewOutcome = { pendingId: number; cause: SecondReviewCause } | null;

/**
 * Appeals are decided through decideAppeal, so a card under appeal is not reviewed here. A pass
 * goes through the value rules (gateService.ts) and may wait for a second reviewer.
 */
export async function reviewCard(
  deps: Deps,
  id: number,
  verdict: Verdict,
  action: ReviewAction,
  adminId: number,
  audit?: AdminAction,
): Promise<ReviewOutcome> {
  return deps.database.db.transaction((tx) => reviewCardIn(deps, tx, id, verdict, action, adminId, audit));
}

/** reviewCard in the caller's transaction; with `batch`, the order's messages wait for the batch's end (reviewMany). */
async function reviewCardIn(
  deps: Deps,
  tx: Tx,
  id: number,
  verdict: Verdict,
  action: ReviewAction,
  adminId: number,
  audit?: AdminAction,
  batch?: BatchReports,
): Promise<ReviewOutcome> {
  const card = await findCardForUpdate(tx, id);
  if (!card) throw notFound('thing.card');
  // A physical card is judged with the card in hand, as the channel would.
  if (card.status === CardStatus.Unreviewed && !(await cardsArrived(tx, card.orderId))) throw new AppError(Code.CardNotReceived);
  if (card.status === CardStatus.UnderAppeal || !canMoveCard(card.status as CardStatus, verdict.status)) throw conflict(card, action);
  // The decision (or the request for a second reviewer) commits with its entry.
  await recordAudit(tx, audit, { type: 'card', id });
  if (verdict.status !== CardStatus.Passed) {
    await closePendingPass(tx, card.id, inBothLanguages(actionText(action)));
    if (!(await applyVerdict(deps, tx, card, verdict, { batch }))) throw conflict(card, action);
    return null;
  }
  const pass = { actualFaceValueFen: verdict.actualFaceValueFen ?? card.declaredFaceValueFen };
  const gate = await gateCardPass(deps, tx, card, 'card.approve', pass, adminId);
  if ('pendingId' in gate) return gate;
  if (!(await applyVerdict(deps, tx, card, verdict, { settlement: gate.run, batch }))) throw conflict(card, action);
  return null;
}

export async function decideAppeal(
  deps: Deps,
  id: number,
  d: { uphold: boolean; reply: string; actualFaceValueFen?: number },
  adminId: number,
  audit?: AdminAction,
): Promise<ReviewOutcome> {
  return deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound('thing.card');
    if (card.status !== CardStatus.UnderAppeal) throw conflict(card, 'decide');
    await recordAudit(tx, audit);
    if (!d.uphold) {
      await closePendingPass(tx, card.id, inBothLanguages(actionText('decide')));
      const back = (card.statusBeforeAppeal ?? CardStatus.Rejected) as typeof CardStatus.Rejected | typeof CardStatus.Abnormal;
      const verdict: Verdict = { status: back, reason: rejectReasonOf(card) };
      if (!(await applyVerdict(deps, tx, card, verdict, { appealReply: d.reply }))) throw conflict(card, 'decide');
      return null;
    }
    const pass = { actualFaceValueFen: d.actualFaceValueFen ?? card.declaredFaceValueFen, appealReply: d.reply };
    const gate = await gateCardPass(deps, tx, card, 'card.appeal', pass, adminId);
    if ('pendingId' in gate) return gate;
    const verdict: Verdict = { status: CardStatus.Passed, actualFaceValueFen: d.actualFaceValueFen };
    if (!(await applyVerdict(deps, tx, card, verdict, { appealReply: d.reply, settlement: gate.run }))) throw conflict(card, 'decide');
    return null;
  });
}

/**
 * A second reviewer approved a recorded pass: applied as the first reviewer asked, on the locked
 * card, at exactly the settlement the request shows, or refused when the rates now give another.
 */
export async function passApprovedCard(deps: Deps, tx: Tx, card: CardRow, request: SecondApprovalRow): Promise<void> {
  const kind = request.kind as CardPassKind;
  const pass = request.payload as CardPassPayload;
  const action = kind === 'card.appeal' ? 'decide' : 'approve';
  if ((kind === 'card.appeal') !== (card.status === CardStatus.UnderAppeal)) throw conflict(card, action);
  const settlement = await settlementOf(tx, card, pass.actualFaceValueFen);
  checkAskedSettlement(request, settlement);
  const extra = { settlement, ...(kind === 'card.appeal' ? { appealReply: pass.appealReply ?? null } : {}) };
  if (!(await applyVerdict(deps, tx, card, { status: CardStatus.Passed, actualFaceValueFen: pass.actualFaceValueFen }, extra)))
    throw conflict(card, action);
}

/** Holds money not credited yet (settlement 0 or 1); credited money is corrected in the ledger instead. */
export async function freezeSettlement(deps: Deps, id: number, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound('thing.card');
    if (!canMoveSettlement(card.settlementStatus as SettlementStatus, SettlementStatus.Frozen)) throw conflict(card, 'freeze');
    await updateCard(tx, id, { settlementStatus: SettlementStatus.Frozen, settlementBeforeFreeze: card.settlementStatus });
    await noteCardDecided(deps, tx, card.orderId);
    await recordAudit(tx, audit);
  });
}

export async function unfreezeSettlement(deps: Deps, id: number, audit?: AdminAction): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const card = await findCardForUpdate(tx, id);
    if (!card) throw notFound('thing.card');
    const back = (card.settlementBeforeFreeze ?? SettlementStatus.NotCredited) as SettlementStatus;
    if (card.settlementStatus !== SettlementStatus.Frozen || !canMoveSettlement(SettlementStatus.Frozen, back))
      throw conflict(card, 'unfreeze');
    await updateCard(tx, id, { settlementStatus: back, settlementBeforeFreeze: null });
    if (back === SettlementStatus.PendingCredit) await deps.jobs.send(CARD_CREDIT_QUEUE, { cardId: id }, { tx });
    await noteCardDecided(deps, tx, card.orderId);
    await recordAudit(tx, audit);
  });
}

/** Why a card of a batch was left as it was: rendered for the reader at the edge (`sayIn`). */
export type Skipped = { id: number; reason: AppError | TextRef };

const awaitingKeys = {
  amount: 'card.awaitingSecondReviewer',
  channel: 'card.awaitingSecondReviewerChannel',
} as const satisfies Record<SecondReviewCause, string>;

/**
 * Each card on its own: one that cannot be changed is reported, the others still are. A pass
 * needing a second reviewer is recorded for one and reported, so a batch passes no more than the
 * same cards one by one would. Each card changed gets its own audit entry in its own savepoint;
 * the cards of one order are changed in one transaction, which ends with that order's messages,
 * so rejecting a whole order rewrites its message once, not once per card.
 */
export async function reviewMany(deps: Deps, ids: number[], verdict: Verdict, action: ReviewAction, adminId: number, audit?: AdminAction) {
  const unique = [...new Set(ids)];
  const outcomes = new Map<number, ReviewOutcome | AppError>();
  for (const group of await groupByOrder(deps.database.db, unique)) {
    await deps.database.db.transaction(async (tx) => {
      const batch: BatchReports = new Map();
      for (const id of group) {
        const reports: BatchReports = new Map();
        try {
          outcomes.set(id, await tx.transaction((one) => reviewCardIn(deps, one, id, verdict, action, adminId, audit, reports)));
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          outcomes.set(id, e);
          continue;
        }
        for (const [orderId, needsSeller] of reports) batch.set(orderId, (batch.get(orderId) ?? false) || needsSeller);
      }
      await reportBatch(tx, batch);
    });
  }
  const done: number[] = [];
  const skipped: Skipped[] = [];
  for (const id of unique) {
    const outcome = outcomes.get(id);
    if (outcome instanceof AppError) skipped.push({ id, reason: outcome });
    else if (outcome) skipped.push({ id, reason: { key: awaitingKeys[outcome.cause] } });
    else done.push(id);
  }
  // Nothing changed, yet the attempt is the operator's act on record all the same.
  if (skipped.length === unique.length && skipped.every((s) => s.reason instanceof AppError)) {
    const detail = { skipped: skipped.map((s) => ({ id: s.id, reason: sayIn(s.reason, 'en-US') })) };
    await recordAudit(deps.database.db, audit, { type: 'card', id: 'none', detail });
  }
  return { done, skipped };
}

/** The ids by their order, in the order orders first appear, each order's in id order (as every batch locks them); unknown ids alone. */
async function groupByOrder(db: Queryable, ids: number[]): Promise<number[][]> {
  const orderOf = await orderIdsOfCards(db, ids);
  const groups = new Map<string, number[]>();
  for (const id of ids) {
    const key = orderOf.has(id) ? `order:${orderOf.get(id)}` : `card:${id}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.values()].map((group) => group.sort((a, b) => a - b));
}
