/**
 * The background side of verification: hand an order's cards to the channel, and ask about
 * cards the channel has not called back about. Both re-read state first, so running either
 * twice is harmless.
 */
import type { Deps } from '../../deps';
import { CARD_CREDIT_QUEUE, CARD_SUBMIT_QUEUE } from '../../jobs/cardQueues';
import type { ChannelCard } from '../../providers/channel';
import { openCard } from '../order/secrets';
import { cardsArrived } from '../order/shipment';
import type { CardRow } from '../order/repo';
import { cardsAwaitingCredit, cardsAwaitingVerdict, cardsToSubmit, markSubmitted, ordersNotSubmitted, purgeNonces } from './repo';
import { CALLBACK_WINDOW_SECONDS } from '../../providers/channel';
import { applyChannelResult } from './settle';

const POLL_BATCH = 200;

export function channelCardOf(deps: Deps, card: CardRow): ChannelCard {
  return { ref: String(card.id), ...openCard(deps, card), faceValueFen: card.declaredFaceValueFen, cardTypeId: card.cardTypeId };
}

/** Hands every card of the order not yet handed over to its channel; a failure leaves the rest for the retry. */
export async function submitOrderCards(deps: Deps, orderId: number): Promise<number> {
  // Physical cards are checked once received; marking the order received queues this again.
  if (!(await cardsArrived(deps.database.db, orderId))) return 0;
  let submitted = 0;
  for (const card of await cardsToSubmit(deps.database.db, orderId)) {
    const channel = deps.cardChannels.byName(card.channel);
    if (!channel) continue;
    await channel.submit(channelCardOf(deps, card));
    await markSubmitted(deps.database.db, card.id, String(card.id));
    submitted += 1;
  }
  return submitted;
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
  for (const orderId of await ordersNotSubmitted(db, POLL_BATCH)) await deps.jobs.send(CARD_SUBMIT_QUEUE, { orderId });
  for (const cardId of await cardsAwaitingCredit(db, POLL_BATCH)) await deps.jobs.send(CARD_CREDIT_QUEUE, { cardId });
  await purgeNonces(db, 2 * CALLBACK_WINDOW_SECONDS);
}
