/**
 * Verdicts on cards, from a channel (callback or poll) or a reviewer, and the credit that follows
 * a pass. Every function re-reads the card under a row lock and checks its status first, so a
 * verdict or a credit that arrives twice changes nothing the second time.
 *
 * A card worth something other than its declared face value settles at the actual value, at the
 * rate of that face value of the card type when the catalogue has it, otherwise at the rate of
 * the order (the declared value's rate at submission).
 */
import {
  applyRateBp,
  CardStatus,
  formatFen,
  SettlementStatus,
  supplierReason,
  type CardStatus as CardStatusCode,
  type StoredText,
  type TextRef,
} from '@maika/shared';
import type { Tx } from '../../db/client';
import { retryingTransaction } from '../../db/retry';
import type { Deps } from '../../deps';
import { CARD_CREDIT_QUEUE } from '../../jobs/queues';
import { lockCreditableUser, creditUser, LedgerReason, openAccounts } from '../ledger';
import { findCardForUpdate, updateCard, type CardRow } from './repo';
import { creditRebateForCard, readReferralSettings } from '../referrals';
import { merchantRateOfOrder, noteCardDecided } from '../merchants';
import { canMoveCard } from './stateMachine';
import { reportAppealDecided, reportCardChange, type BatchReports } from './messageService';
import type { ChannelResult } from '../../providers/channel';
import { creditedUsersOf, orderRateBp, rateOfFaceValue } from './settleRepo';

export type Verdict =
  | { status: typeof CardStatus.Passed; actualFaceValueFen?: number }
  | { status: typeof CardStatus.Rejected | typeof CardStatus.NotActivated | typeof CardStatus.Abnormal; reason: StoredText | null };

/** The supplier's reason, in the reader's language when it is one we know. */
const saidBy = (result: ChannelResult): StoredText | null => (result.reason ? supplierReason(result.reason) : null);

export function verdictOf(result: ChannelResult): Verdict {
  switch (result.outcome) {
    case 'passed':
      return { status: CardStatus.Passed, actualFaceValueFen: result.actualFaceValueFen };
    case 'rejected':
      return { status: CardStatus.Rejected, reason: saidBy(result) };
    case 'notActivated':
      return { status: CardStatus.NotActivated, reason: saidBy(result) };
    case 'abnormal':
      return { status: CardStatus.Abnormal, reason: saidBy(result) };
  }
}

export type Settlement = { settlementRateBp: number; settlementFen: number };

/** A merchant's order settles another face value at the merchant's own rate for it, when one is set. */
export async function settlementOf(tx: Tx, card: CardRow, actualFaceValueFen: number): Promise<Settlement> {
  const rateBp =
    actualFaceValueFen === card.declaredFaceValueFen
      ? await orderRateBp(tx, card.orderId)
      : ((await merchantRateOfOrder(tx, card.orderId, card.cardTypeId, actualFaceValueFen)) ??
        (await rateOfFaceValue(tx, card.cardTypeId, actualFaceValueFen)) ??
        (await orderRateBp(tx, card.orderId)));
  return { settlementRateBp: rateBp, settlementFen: applyRateBp(actualFaceValueFen, rateBp) };
}

/**
 * Moves a locked card to the verdict's status when its state machine allows it; returns the
 * updated card, or null when the move is not allowed (a repeat, or a card already decided).
 * A pass queues the credit in the same transaction, at `extra.settlement` when the caller has
 * weighed it already (the four-eyes rules); money frozen by an operator stays frozen. What the
 * move tells the seller (an appeal's result, cards needing them, the order done) is recorded with it.
 */
export async function applyVerdict(
  deps: Deps,
  tx: Tx,
  card: CardRow,
  verdict: Verdict,
  extra: { appealReply?: string | null; settlement?: Settlement; fromChannel?: boolean; batch?: BatchReports } = {},
): Promise<CardRow | null> {
  if (!canMoveCard(card.status as CardStatusCode, verdict.status)) return null;
  // A merchant's order tells the merchant of each decision (a no-op for an app order).
  await noteCardDecided(deps, tx, card.orderId);
  const updated = await moveCard(deps, tx, card, verdict, extra);
  const fromAppeal = card.status === CardStatus.UnderAppeal;
  if (fromAppeal) await reportAppealDecided(deps, tx, card, updated, extra.appealReply ?? null);
  await reportCardChange(deps, tx, updated, { fromAppeal, batch: extra.batch });
  return updated;
}

async function moveCard(
  deps: Deps,
  tx: Tx,
  card: CardRow,
  verdict: Verdict,
  extra: { appealReply?: string | null; settlement?: Settlement; fromChannel?: boolean },
): Promise<CardRow> {
  const common = {
    status: verdict.status,
    reviewedAt: new Date(),
    ...(extra.appealReply !== undefined ? { appealReply: extra.appealReply } : {}),
    ...(extra.fromChannel ? { channelVerdict: verdict.status } : {}),
  };
  if (verdict.status !== CardStatus.Passed) return updateCard(tx, card.id, { ...common, ...reasonColumns(verdict.reason) });
  const actual = verdict.actualFaceValueFen ?? card.declaredFaceValueFen;
  const frozen = card.settlementStatus === SettlementStatus.Frozen;
  const updated = await updateCard(tx, card.id, {
    ...common,
    ...reasonColumns(null),
    actualFaceValueFen: actual,
    ...(extra.settlement ?? (await settlementOf(tx, card, actual))),
    ...(frozen ? { settlementBeforeFreeze: SettlementStatus.PendingCredit } : { settlementStatus: SettlementStatus.PendingCredit }),
  });
  if (!frozen) await deps.jobs.send(CARD_CREDIT_QUEUE, { cardId: card.id }, { tx });
  return updated;
}

/** A channel's verdict on a card it was given; a card of another channel or a repeat changes nothing. */
export async function applyChannelResult(
  deps: Deps,
  tx: Tx,
  channel: string,
  result: ChannelResult,
): Promise<'applied' | 'ignored' | 'unknownCard'> {
  const cardId = /^\d{1,15}$/.test(result.ref) ? Number(result.ref) : NaN;
  const card = Number.isSafeInteger(cardId) ? await findCardForUpdate(tx, cardId) : undefined;
  if (!card || card.channel !== channel) return 'unknownCard';
  // Channels decide cards still waiting for them; appeals and reviewer decisions are ours.
  if (card.status !== CardStatus.Unreviewed && card.status !== CardStatus.NotActivated) return 'ignored';
  const verdict = aboveDeclaredToReview(card, verdictOf(result));
  return (await applyVerdict(deps, tx, card, verdict, { fromChannel: true })) ? 'applied' : 'ignored';
}

export const aboveDeclaredReason = (actualFen: number): TextRef => ({
  key: 'card.aboveDeclared',
  params: { actual: formatFen(actualFen) },
});

/** A reason as its columns: what was typed or said as given, our own as a catalogue key rendered per reader. */
function reasonColumns(reason: StoredText | null) {
  if (reason === null || typeof reason === 'string') return { rejectReason: reason, rejectReasonKey: null, rejectReasonParams: null };
  return { rejectReason: null, rejectReasonKey: reason.key, rejectReasonParams: reason.params ?? null };
}

/** A supplier saying a card is worth more than declared is not credited on its word: a reviewer decides (abnormal). */
function aboveDeclaredToReview(card: CardRow, verdict: Verdict): Verdict {
  if (verdict.status !== CardStatus.Passed || (verdict.actualFaceValueFen ?? card.declaredFaceValueFen) <= card.declaredFaceValueFen)
    return verdict;
  return { status: CardStatus.Abnormal, reason: aboveDeclaredReason(verdict.actualFaceValueFen!) };
}

/**
 * Credits a passed card once: the settlement status moves 1 → 2 in the same transaction as the
 * ledger transfer, whose key `card:<id>:settlement` refuses a second credit even if this ran twice,
 * and with the referrer's rebate. Never to a cancelled account (its owner's row share-locked
 * until commit, so a cancellation under way is waited for).
 */
export async function creditCard(deps: Deps, cardId: number): Promise<'credited' | 'skipped'> {
  // Every user account the credit may touch, its owner's and the referrer's, made before it.
  await openAccounts(deps.database.db, { userIds: await creditedUsersOf(deps.database.db, cardId) });
  return retryingTransaction(deps.database.db, async (tx) => {
    const card = await findCardForUpdate(tx, cardId);
    if (!card || card.status !== CardStatus.Passed || card.settlementStatus !== SettlementStatus.PendingCredit) return 'skipped';
    // A cancelled account is anonymised and nobody can withdraw from it: the card stays pending
    // credit, for an operator to see. Cancellation is refused while a card may still be credited.
    if (!(await lockCreditableUser(tx, card.userId))) return 'skipped';
    const amountFen = card.settlementFen ?? 0;
    if (amountFen > 0) {
      // The owner's account, then the referrer's (the rebate): a referrer signed up before the
      // referee, so no two credits take these locks in opposite orders. Platform accounts take none.
      await creditUser(tx, {
        key: `card:${card.id}:settlement`,
        userId: card.userId,
        amountFen,
        reason: LedgerReason.CardSettlement,
        ref: `card:${card.id}`,
        from: 'platform_clearing',
      });
      const referral = await readReferralSettings(tx);
      await creditRebateForCard(tx, referral, { cardId: card.id, refereeUserId: card.userId, settlementFen: amountFen });
    }
    const credited = await updateCard(tx, card.id, { settlementStatus: SettlementStatus.Credited, creditedAt: new Date() });
    // The merchant's order row before the order's, as applyVerdict takes them.
    await noteCardDecided(deps, tx, card.orderId);
    await reportCardChange(deps, tx, credited);
    return 'credited';
  });
}
