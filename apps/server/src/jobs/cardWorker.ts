import { z } from 'zod';
import type { Deps } from '../deps';
import { pollCards, submitOrderCards, creditCard, receiveDelivered } from '../modules/cards';
import { CARD_CREDIT_QUEUE, CARD_POLL_QUEUE, CARD_SUBMIT_QUEUE, SHIPMENT_POLL_QUEUE } from './cardQueues';

const submitJob = z.object({ orderId: z.number().int().positive() });
const creditJob = z.object({ cardId: z.number().int().positive() });

/**
 * Runs the card pipeline in this process: hand submitted cards to their channel, credit passed
 * cards, every SWEEP_INTERVAL_SECONDS ask about cards the channel has not called back about (and
 * queue again hand-overs and credits whose job was lost), and every ten minutes ask the carrier
 * whether mailed cards were delivered. Each processor re-reads state under a lock, so a job
 * delivered twice does nothing the second time.
 */
export async function startCardWorker(deps: Deps): Promise<void> {
  // pg-boss fetches once per polling interval, so a batch of one would cap a process at two jobs a
  // second and a burst of cards would wait minutes. A batch fails and is retried as a whole, which
  // is harmless: each job re-reads its card under a lock and does nothing the second time.
  await deps.jobs.work(CARD_SUBMIT_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) {
      const data = submitJob.safeParse(job.data);
      if (data.success) await submitOrderCards(deps, data.data.orderId); // a malformed job can never succeed: drop it
    }
  });
  await deps.jobs.work(CARD_CREDIT_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 20 }, async (jobs) => {
    for (const job of jobs) {
      const data = creditJob.safeParse(job.data);
      if (data.success) await creditCard(deps, data.data.cardId);
    }
  });
  await deps.jobs.work(CARD_POLL_QUEUE, {}, async () => pollCards(deps));
  await deps.jobs.sendEvery(CARD_POLL_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
  // Each parcel in transit is one call to the tracking service, so the carrier is asked less often.
  await deps.jobs.work(SHIPMENT_POLL_QUEUE, {}, async () => {
    await receiveDelivered(deps);
  });
  await deps.jobs.boss.schedule(SHIPMENT_POLL_QUEUE, '*/10 * * * *');
}
