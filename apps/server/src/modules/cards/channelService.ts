/**
 * The background side of verification: hand an order's cards to the channel, and ask about
 * cards the channel has not called back about. Both re-read state first, so running either
 * twice is harmless.
 */
import type { Deps } from '../../deps';
import { CARD_CREDIT_QUEUE, CARD_SUBMIT_QUEUE } from '../../jobs/queues';
import { ChannelRefusal, type CardChannel, type ChannelCard } from '../../providers/channel';
import { openCard } from './secretService';
import { cardsArrived } from './shipmentService';
import type { CardRow } from './repo';
import {
  cardsAwaitingVerdict,
  cardsToSubmit,
  claimHandOver,
  holdForReview,
  markSubmitted,
  ordersNotSubmitted,
  purgeNonces,
  recordHandOverFailure,
} from './channelRepo';
import { cardsAwaitingCredit } from './settleRepo';
import { CALLBACK_WINDOW_SECONDS } from '../../providers/channel';
import { applyChannelResult } from './settleService';

const POLL_BATCH = 200;

export function channelCardOf(deps: Deps, card: CardRow): ChannelCard {
  return { ref: String(card.id), ...openCard(deps, card), faceValueFen: card.declaredFaceValueFen, cardTypeId: card.cardTypeId };
}

/** Hand-overs of one card that may get no usable answer before it goes to a reviewer. */
export const MAX_HAND_OVER_ATTEMPTS = 8;

/** The wait after the n-th failed hand-over: 1, 2, 4 … minutes, at most an hour. */
export const handOverRetryDelaySeconds = (attempts: number) => Math.min(3600, 60 * 2 ** (attempts - 1));

/**
 * Hands every due card of the order to its channel. A refusal for good sends the card to a
 * reviewer at once; any other failure is retried after a growing wait (the status poll re-queues
 * the order), and after MAX_HAND_OVER_ATTEMPTS it goes to a reviewer too.
 */
export async function submitOrderCards(deps: Deps, orderId: number): Promise<number> {
  // Physical cards are checked once received; marking the order received queues this again.
  if (!(await cardsArrived(deps.database.db, orderId))) return 0;
  let submitted = 0;
  for (const card of await cardsToSubmit(deps.database.db, orderId)) {
    const channel = deps.cardChannels.byName(card.channel);
    if (!channel) continue;
    if (await handOver(deps, channel, card)) submitted += 1;
  }
  return submitted;
}

async function handOver(deps: Deps, channel: CardChannel, card: CardRow): Promise<boolean> {
  const db = deps.database.db;
  // Taken as lost, like a job, after CARD_REQUEUE_AFTER_SECONDS, which outlasts the supplier's time-out.
  if (!(await claimHandOver(db, card.id, deps.config.CARD_REQUEUE_AFTER_SECONDS))) return false;
  try {
    await channel.submit(channelCardOf(deps, card));
  } catch (error) {
    const attempts = card.channelAttempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ChannelRefusal) {
      await holdForReview(db, card.id, attempts, `${channel.name}: ${error.reason}`);
    } else if (attempts >= MAX_HAND_OVER_ATTEMPTS) {
      await holdForReview(db, card.id, attempts, `${channel.name}: no usable answer after ${attempts} attempts; last: ${message}`);
    } else {
      await recordHandOverFailure(db, card.id, attempts, handOverRetryDelaySeconds(attempts));
    }
    return false;
  }
  await markSubmitted(db, card.id, String(card.id));
  return true;
}

/** One round of the status poll; also re-queues work whose job was lost and forgets old nonces. */
export async function pollCards(deps: Deps, afterSeconds = deps.config.CHANNEL_POLL_AFTER_SECONDS): Promise<void> {
  const db = deps.database.db;
  for (const card of await cardsAwaitingVerdict(db, afterSeconds, POLL_BATCH)) {
    const channel = deps.cardChannels.byName(card.channel);
    if (!channel) continue;
    const result = await channel.query(channelCardOf(deps, card)).catch(() => null);
    if (result) await db.transaction((tx) => applyChannelResult(deps, tx, channel.name, result));
  }
  // Only work with no job waiting: one still queued, however late, is not doubled. Doubles of a
  // hand-over ran at once and handed the same cards to a slow supplier again.
  const lostAfter = deps.config.CARD_REQUEUE_AFTER_SECONDS;
  await deps.jobs.sendUnlessWaiting(CARD_SUBMIT_QUEUE, 'orderId', await ordersNotSubmitted(db, lostAfter, POLL_BATCH));
  await deps.jobs.sendUnlessWaiting(CARD_CREDIT_QUEUE, 'cardId', await cardsAwaitingCredit(db, lostAfter, POLL_BATCH));
  await purgeNonces(db, 2 * CALLBACK_WINDOW_SECONDS);
}
