import { payeeChannelTable } from '@maika/shared';
import type { Deps } from '../deps';
import { listUnfinishedPayouts, payoutJobData, processPayout } from '../modules/withdrawals';
import { PAYOUT_QUEUE, PAYOUT_SWEEP_QUEUE } from './boss';

/**
 * Runs payouts in this process. At start, and every SWEEP_INTERVAL_SECONDS after, payouts left
 * unfinished by a process that died (or a vendor that has not answered yet) are queued again; the
 * processor re-reads each under a lock, so queueing one twice is harmless.
 */
export async function startPayoutWorker(deps: Deps): Promise<void> {
  // One fetch per polling interval: a batch keeps a burst of withdrawals from waiting minutes. A
  // failed batch is retried whole, which is safe: a payout already under way is asked about first.
  await deps.jobs.work(PAYOUT_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) {
      const data = payoutJobData.safeParse(job.data);
      if (data.success) await processPayout(deps, data.data.withdrawalId); // a malformed job can never succeed: drop it
    }
  });
  const sweep = async (olderThanSeconds: number) => {
    const automatic = payeeChannelTable.values.filter((c) => deps.payouts[c.key]).map((c) => c.code);
    for (const withdrawalId of await listUnfinishedPayouts(deps.database.db, olderThanSeconds, automatic)) {
      await deps.jobs.send(PAYOUT_QUEUE, { withdrawalId });
    }
  };
  await deps.jobs.work(PAYOUT_SWEEP_QUEUE, {}, async () => sweep(deps.config.PAYOUT_RECHECK_SECONDS));
  await deps.jobs.sendEvery(PAYOUT_SWEEP_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
  await sweep(0);
}
