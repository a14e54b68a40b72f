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
import { creditUsers, LedgerReason, lockUsersForCredit, openAccounts, type UserCredit } from '../ledger';
import { findCardForUpdate, updateCard, type CardRow } from './repo';
import { readReferralSettings, rebatesFor, referrersOf } from '../referrals';
import { merchantRateOfOrder, noteCardDecided, noteCardsDecided } from '../merchants';
import { canMoveCard } from './stateMachine';
import { reportAppealDecided, reportBatch, reportCardChange, type BatchReports } from './messageService';
import type { ChannelResult } from '../../providers/channel';
import { lockCardsToCredit, markCardsCredited, orderRateBp, ownersOf, rateOfFaceValue } from './settleRepo';

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
  if (fromAppeal) await reportAppealDecided(tx, card, updated, extra.appealReply ?? null);
  await reportCardChange(tx, updated, { fromAppeal, batch: extra.batch });
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

/** Cards credited in one transaction: few statements each, and locks held for a short while. */
const CREDIT_CHUNK = 100;

/**
 * Credits a passed card once: `creditCards` for a set of one. 'skipped' when it was not due (not
 * passed, frozen, credited already) or its owner is cancelled.
 */
export async function creditCard(deps: Deps, cardId: number): Promise<'credited' | 'skipped'> {
  return (await creditCards(deps, [cardId])).has(cardId) ? 'credited' : 'skipped';
}

/**
 * Credits the passed cards among these, each once, in chunks of about CREDIT_CHUNK cards (one
 * transaction each, CARD_CREDIT_CONCURRENCY chunks at a time); answers the cards credited now. A
 * chunk holds whole owners (all of a seller's cards of the set, so all of an order's): chunks
 * running side by side then seldom wait for one another's accounts. A chunk that fails otherwise
 * than by a deadlock or serialization failure (retried whole) is credited card by card, so one card
 * that cannot be credited holds back no other; the first such failure is thrown once the rest are
 * done, for the job to be retried.
 */
export async function creditCards(deps: Deps, cardIds: number[]): Promise<Set<number>> {
  const db = deps.database.db;
  if (cardIds.length === 0) return new Set();
  const owners = await ownersOf(db, [...new Set(cardIds)]);
  // Every user account the credits may touch, owners' and referrers', made before them.
  await openAccounts(db, { userIds: [...new Set(owners.flatMap((o) => (o.referrerId === null ? [o.userId] : [o.userId, o.referrerId])))] });
  owners.sort((a, b) => a.userId - b.userId || a.cardId - b.cardId);
  const chunks: number[][] = [];
  for (let at = 0, chunk: number[] = []; at < owners.length; at += 1) {
    chunk.push(owners[at]!.cardId);
    const ownerEnds = at + 1 === owners.length || owners[at + 1]!.userId !== owners[at]!.userId;
    if (at + 1 === owners.length || (ownerEnds && chunk.length >= CREDIT_CHUNK) || chunk.length >= 2 * CREDIT_CHUNK) {
      chunks.push(chunk.sort((a, b) => a - b));
      chunk = [];
    }
  }
  const credited = new Set<number>();
  const failures: unknown[] = [];
  const credit = async (chunk: number[]) => {
    for (const id of await creditChunk(deps, chunk)) credited.add(id);
  };
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      await credit(chunk).catch(async (e: unknown) => {
        if (chunk.length === 1) return failures.push(e);
        for (const id of chunk) await credit([id]).catch((one: unknown) => failures.push(one));
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.config.CARD_CREDIT_CONCURRENCY, chunks.length) }, lane));
  if (failures.length > 0) throw failures[0];
  return credited;
}

/**
 * One chunk, in one transaction: the cards locked in id order and kept while still passed and
 * pending credit; their owners (and the owners' referrers) share-locked in id order, so a
 * cancellation under way is waited for, and a cancelled owner's cards left pending credit for an
 * operator to see (cancellation is refused while a card may still be credited). Then the rebates'
 * rows, the cards marked credited, the merchants' orders noted and each order's seller told once;
 * last the ledger credits of the cards (key `card:<id>:settlement`, which refuses a second credit
 * even if this ran twice) and of their rebates, as one set that raises each account once.
 */
async function creditChunk(deps: Deps, cardIds: number[]): Promise<number[]> {
  return retryingTransaction(deps.database.db, async (tx) => {
    const due = (await lockCardsToCredit(tx, cardIds)).filter(
      (c) => c.status === CardStatus.Passed && c.settlementStatus === SettlementStatus.PendingCredit,
    );
    if (due.length === 0) return [];
    const owners = [...new Set(due.map((c) => c.userId))];
    const referrers = await referrersOf(tx, owners);
    const statuses = await lockUsersForCredit(tx, [...new Set([...owners, ...referrers.values()])]);
    const cards = due.filter((c) => statuses.has(c.userId) && statuses.get(c.userId) !== 'cancelled');
    if (cards.length === 0) return [];
    const paying = cards.filter((c) => (c.settlementFen ?? 0) > 0);
    const settlements: UserCredit[] = paying.map((c) => ({
      key: `card:${c.id}:settlement`,
      userId: c.userId,
      amountFen: c.settlementFen!,
      reason: LedgerReason.CardSettlement,
      ref: `card:${c.id}`,
      from: 'platform_clearing',
    }));
    const { credits: rebates } =
      paying.length === 0
        ? { credits: [] }
        : await rebatesFor(
            tx,
            await readReferralSettings(tx),
            paying.map((c) => ({ cardId: c.id, refereeUserId: c.userId, settlementFen: c.settlementFen! })),
            new Map([...referrers].map(([referee, referrer]) => [referee, { id: referrer, status: statuses.get(referrer)! }])),
          );
    await markCardsCredited(
      tx,
      cards.map((c) => c.id),
    );
    // The merchants' order rows before the orders', as applyVerdict takes them.
    const orders = [...new Set(cards.map((c) => c.orderId))].sort((a, b) => a - b);
    await noteCardsDecided(deps, tx, orders);
    await reportBatch(tx, new Map(orders.map((o) => [o, false])));
    // The money last: the sellers' accounts, which other credits and withdrawals wait for, are
    // locked only for the transaction's last statement and its commit.
    await creditUsers(tx, [...settlements, ...rebates]);
    return cards.map((c) => c.id);
  });
}
