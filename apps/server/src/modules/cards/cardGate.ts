/**
 * The value rules of a card pass: the actual face value must be one the card type has, and a
 * pass above the declared value or settling above CARD_SECOND_REVIEW_FEN is carried out only
 * when a second, different reviewer agrees. Runs inside the caller's transaction on the locked card.
 */
import { Code, formatFen } from '@maika/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { settlementOf } from './settle';
import type { CardRow } from './repo';
import { closeSecondApproval, faceValuesOfType, findPendingForCard, insertSecondApproval } from '../approvals';

export interface CardPassPayload {
  actualFaceValueFen: number;
  appealReply?: string;
}

export type CardPassKind = 'card.approve' | 'card.appeal';

export async function checkPassValue(deps: Deps, tx: Tx, card: CardRow, actualFaceValueFen: number) {
  if (actualFaceValueFen !== card.declaredFaceValueFen) {
    const values = await faceValuesOfType(tx, card.cardTypeId);
    if (!values.includes(actualFaceValueFen)) {
      throw new AppError(Code.FaceValueNotOfCardType, {
        value: formatFen(actualFaceValueFen),
        values: values.map((v) => formatFen(v)).join(', '),
      });
    }
  }
  const { settlementFen } = await settlementOf(tx, card, actualFaceValueFen);
  return {
    settlementFen,
    needsSecond: actualFaceValueFen > card.declaredFaceValueFen || settlementFen > deps.config.CARD_SECOND_REVIEW_FEN,
  };
}

/**
 * 'run' when the pass may be applied now: it needs no second reviewer, or this reviewer is the
 * second one agreeing with an open request for the same value. Otherwise the request is recorded
 * and its id returned; the card stays as it is.
 */
export async function gateCardPass(
  deps: Deps,
  tx: Tx,
  card: CardRow,
  kind: CardPassKind,
  pass: CardPassPayload,
  adminId: number,
): Promise<'run' | { pendingId: number }> {
  const { settlementFen, needsSecond } = await checkPassValue(deps, tx, card, pass.actualFaceValueFen);
  const pending = await findPendingForCard(tx, card.id);
  if (pending) {
    const asked = pending.payload as CardPassPayload;
    if (pending.kind !== kind || asked.actualFaceValueFen !== pass.actualFaceValueFen) {
      throw new AppError(Code.ApprovalAlreadyPending, { value: formatFen(asked.actualFaceValueFen) });
    }
    if (pending.requestedBy === adminId) throw new AppError(Code.ApprovalSameOperator);
    await closeSecondApproval(tx, pending.id, { status: 'approved', decidedBy: adminId });
    return 'run';
  }
  if (!needsSecond) return 'run';
  const created = await insertSecondApproval(tx, {
    kind,
    targetId: card.id,
    amountFen: settlementFen,
    payload: pass,
    requestedBy: adminId,
  });
  // The card row is locked, so no other open request for it can exist; a conflict here is a bug.
  if (!created) throw new Error(`second approval for card ${card.id} could not be recorded`);
  return { pendingId: created.id };
}

/** A card decided another way (rejected, abnormal, dismissed) ends any pass waiting for a second reviewer. */
export async function closePendingPass(tx: Tx, cardId: number, why: string): Promise<void> {
  const pending = await findPendingForCard(tx, cardId);
  if (pending) await closeSecondApproval(tx, pending.id, { status: 'declined', decidedBy: null, declineReason: why });
}
