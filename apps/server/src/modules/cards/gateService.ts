/**
 * The value rules of a card pass: the actual face value must be one the card type has, and a
 * pass is carried out only when a second, different reviewer agrees if it is above the declared
 * value, if the card channel rejected the card (used, for one) or found it not activated, or if
 * its settlement would take the reviewer's or the user's 24-hour sum of credits made without a
 * second approval above CARD_SECOND_REVIEW_FEN (approvals/service.ts). A request records the
 * settlement and its rate, and is carried out at exactly that settlement or not at all. Runs
 * inside the caller's transaction on the locked card.
 */
import { CardStatus, Code, formatFen, formatRateBp, type CardApprovalKind } from '@maika/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { settlementOf, type Settlement } from './settleService';
import type { CardRow } from './repo';
import {
  claimSingleApproval,
  closeSecondApproval,
  faceValuesOfType,
  findPendingForCard,
  insertSecondApproval,
  type SecondApprovalRow,
} from '../approvals';

export interface CardPassPayload {
  actualFaceValueFen: number;
  appealReply?: string;
  /** The rate the settlement was asked at; absent from requests recorded before rates were kept. */
  settlementRateBp?: number;
}

export type CardPassKind = CardApprovalKind;

/** Why a pass waits for a second reviewer: its value or amount, or what the card channel said of the card. */
export type SecondReviewCause = 'amount' | 'channel';

/** Run the pass now at this settlement, or it was recorded for a second reviewer. */
export type GateOutcome = { run: Settlement } | { pendingId: number; cause: SecondReviewCause };

async function checkPassValue(tx: Tx, card: CardRow, actualFaceValueFen: number): Promise<Settlement> {
  if (actualFaceValueFen !== card.declaredFaceValueFen) {
    const values = await faceValuesOfType(tx, card.cardTypeId);
    if (!values.includes(actualFaceValueFen)) {
      throw new AppError(Code.FaceValueNotOfCardType, {
        value: formatFen(actualFaceValueFen),
        values: values.map((v) => formatFen(v)).join(', '),
      });
    }
  }
  return settlementOf(tx, card, actualFaceValueFen);
}

/** The channel called the card no good or not activated (or it waits for activation now): a reviewer alone never passes it. */
const channelDoubted = (card: CardRow): boolean =>
  card.status === CardStatus.NotActivated || card.channelVerdict === CardStatus.Rejected || card.channelVerdict === CardStatus.NotActivated;

/** The second reviewer approves the settlement the request shows; a rate changed since makes it another decision. */
export function checkAskedSettlement(request: SecondApprovalRow, now: Settlement): void {
  const askedRate = (request.payload as CardPassPayload).settlementRateBp;
  if (request.amountFen === now.settlementFen && (askedRate === undefined || askedRate === now.settlementRateBp)) return;
  throw new AppError(Code.ApprovalAmountChanged, {
    asked: formatFen(request.amountFen),
    askedRate: askedRate === undefined ? '—' : formatRateBp(askedRate),
    now: formatFen(now.settlementFen),
    nowRate: formatRateBp(now.settlementRateBp),
  });
}

async function secondReviewCause(
  deps: Deps,
  tx: Tx,
  card: CardRow,
  kind: CardPassKind,
  pass: CardPassPayload,
  settlement: Settlement,
  adminId: number,
): Promise<SecondReviewCause | null> {
  if (pass.actualFaceValueFen > card.declaredFaceValueFen) return 'amount';
  if (channelDoubted(card)) return 'channel';
  const credit = { kind, targetId: card.id, adminId, userId: card.userId, amountFen: settlement.settlementFen };
  return (await claimSingleApproval(tx, credit, deps.config.CARD_SECOND_REVIEW_FEN)) ? null : 'amount';
}

/**
 * `run` when the pass may be applied now: it needs no second reviewer (and is counted in the
 * 24-hour sums), or this reviewer is the second one agreeing with an open request for the same
 * value and settlement. Otherwise the request is recorded and its id returned; the card stays as it is.
 */
export async function gateCardPass(
  deps: Deps,
  tx: Tx,
  card: CardRow,
  kind: CardPassKind,
  pass: CardPassPayload,
  adminId: number,
): Promise<GateOutcome> {
  const settlement = await checkPassValue(tx, card, pass.actualFaceValueFen);
  const pending = await findPendingForCard(tx, card.id);
  if (pending) {
    const asked = pending.payload as CardPassPayload;
    if (pending.kind !== kind || asked.actualFaceValueFen !== pass.actualFaceValueFen) {
      throw new AppError(Code.ApprovalAlreadyPending, { value: formatFen(asked.actualFaceValueFen) });
    }
    if (pending.requestedBy === adminId) throw new AppError(Code.ApprovalSameOperator);
    checkAskedSettlement(pending, settlement);
    await closeSecondApproval(tx, pending.id, { status: 'approved', decidedBy: adminId });
    return { run: settlement };
  }
  const cause = await secondReviewCause(deps, tx, card, kind, pass, settlement, adminId);
  if (!cause) return { run: settlement };
  const created = await insertSecondApproval(tx, {
    kind,
    targetId: card.id,
    amountFen: settlement.settlementFen,
    payload: { ...pass, settlementRateBp: settlement.settlementRateBp } satisfies CardPassPayload,
    requestedBy: adminId,
  });
  // The card row is locked, so no other open request for it can exist; a conflict here is a bug.
  if (!created) throw new Error(`second approval for card ${card.id} could not be recorded`);
  return { pendingId: created.id, cause };
}

/** A card decided another way (rejected, abnormal, dismissed) ends any pass waiting for a second reviewer. */
export async function closePendingPass(tx: Tx, cardId: number, why: string): Promise<void> {
  const pending = await findPendingForCard(tx, cardId);
  if (pending) await closeSecondApproval(tx, pending.id, { status: 'declined', decidedBy: null, declineReason: why });
}
