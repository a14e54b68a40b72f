/**
 * The card's two state machines (docs/product.md "Card statuses"). Every change of `status` or
 * `settlementStatus` goes through these tables; stateMachine.test.ts checks every allowed and
 * forbidden edge.
 */
import { CardStatus, SettlementStatus } from '@maika/shared';

const { Unreviewed, Passed, Rejected, NotActivated, UnderAppeal, Abnormal } = CardStatus;

/**
 * Review moves a card out of 0; "not activated" may still activate later, so it can be
 * reviewed again; abnormal is manual review, which a reviewer ends by passing or rejecting it.
 * A rejected card can be appealed once, and an appeal ends passed (upheld) or back where it came
 * from (dismissed; cards appealed from manual review before it stopped taking appeals go back
 * there). Passed is final: money follows it.
 */
const cardEdges: Readonly<Record<CardStatus, readonly CardStatus[]>> = {
  [Unreviewed]: [Passed, Rejected, NotActivated, Abnormal],
  [NotActivated]: [Passed, Rejected, Abnormal],
  [Abnormal]: [Passed, Rejected],
  [Rejected]: [UnderAppeal],
  [UnderAppeal]: [Passed, Rejected, Abnormal],
  [Passed]: [],
};

export function canMoveCard(from: CardStatus, to: CardStatus): boolean {
  return cardEdges[from].includes(to);
}

const { NotCredited, PendingCredit, Credited, Frozen } = SettlementStatus;

/**
 * 0 → 1 when the card passes (a credit job is queued), 1 → 2 when the ledger credits it.
 * An operator may freeze money not yet credited (0 or 1 → 3) and unfreeze it back; credited
 * money is corrected by a ledger adjustment instead, never by un-crediting it here.
 */
const settlementEdges: Readonly<Record<SettlementStatus, readonly SettlementStatus[]>> = {
  [NotCredited]: [PendingCredit, Frozen],
  [PendingCredit]: [Credited, Frozen],
  [Credited]: [],
  [Frozen]: [NotCredited, PendingCredit],
};

export function canMoveSettlement(from: SettlementStatus, to: SettlementStatus): boolean {
  return settlementEdges[from].includes(to);
}

/**
 * The statuses an appeal starts from: those with an edge to under appeal (rejected; one in manual
 * review is still being decided). The order list's SQL reads them too (repo.ts).
 */
export const appealableStatuses: readonly CardStatus[] = (Object.keys(cardEdges).map(Number) as CardStatus[]).filter((s) =>
  cardEdges[s].includes(UnderAppeal),
);

/** How long after its rejection a card may be appealed. */
export const APPEAL_WINDOW_DAYS = 7;

type AppealFacts = { status: number; appealedAt: Date | null; reviewedAt: Date | null; updatedAt: Date };

/**
 * Until when the user may appeal the card: in an appealable status, never appealed before, and
 * within APPEAL_WINDOW_DAYS of its decision; null when no appeal is possible now.
 */
export function appealDeadline(card: AppealFacts, now = new Date()): Date | null {
  if (!(appealableStatuses as readonly number[]).includes(card.status) || card.appealedAt !== null) return null;
  const until = appealWindowEnd(card);
  return until > now ? until : null;
}

/** The end of the appeal window, counted from the decision (the last change of a card never reviewed). */
export const appealWindowEnd = (card: Pick<AppealFacts, 'reviewedAt' | 'updatedAt'>): Date =>
  new Date((card.reviewedAt ?? card.updatedAt).getTime() + APPEAL_WINDOW_DAYS * 86_400_000);

/** A card the user may appeal now (appealDeadline). */
export const canAppeal = (card: AppealFacts, now = new Date()): boolean => appealDeadline(card, now) !== null;

/**
 * A card decided for its order's message (docs/product.md "Messages"): nothing moves it any more
 * but the seller's own appeal, whose result is a message of its own, and its money is final.
 * Those are the statuses whose every edge is the appeal: rejected (finally not credited, unless
 * appealed) and passed once its settlement has no edge left (credited). Not activated may still
 * activate, abnormal and under appeal wait for a reviewer, and passed money pending or frozen is
 * not credited yet: all undecided.
 */
export const notCreditedFinally: readonly CardStatus[] = (Object.keys(cardEdges).map(Number) as CardStatus[]).filter(
  (s) => cardEdges[s].length > 0 && cardEdges[s].every((to) => to === UnderAppeal),
);
export const passedFinally: readonly CardStatus[] = (Object.keys(cardEdges).map(Number) as CardStatus[]).filter(
  (s) => cardEdges[s].length === 0,
);
export const settledFinally: readonly SettlementStatus[] = (Object.keys(settlementEdges).map(Number) as SettlementStatus[]).filter(
  (s) => settlementEdges[s].length === 0,
);
