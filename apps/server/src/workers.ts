/**
 * The job workers: each queue of jobs/queues.ts joined to the module that does its work. A process
 * runs them when JOB_WORKERS=true (server.ts); the jobs themselves are sent from inside the modules.
 */
import { z } from 'zod';
import type { Deps } from './deps';
import {
  CARD_CREDIT_QUEUE,
  CARD_POLL_QUEUE,
  CARD_SUBMIT_QUEUE,
  MESSAGE_DELIVERY_QUEUE,
  MESSAGE_SWEEP_QUEUE,
  MERCHANT_CALLBACK_QUEUE,
  MERCHANT_CALLBACK_SWEEP_QUEUE,
  LEDGER_ROLLUP_QUEUE,
  PAYOUT_QUEUE,
  PAYOUT_SWEEP_QUEUE,
  PURGE_QUEUE,
  SHIPMENT_POLL_QUEUE,
  UPLOAD_CLEANUP_QUEUE,
} from './jobs/queues';
import { pollCards, submitOrderCards, creditCards, receiveDelivered } from './modules/cards';
import { rollUpPlatformBalances } from './modules/ledger';
import { cleanUploads, purgeExpired } from './modules/maintenance';
import { processDelivery, sweepDeliveries } from './modules/messages';
import { deliverCallback, requeueLostCallbacks } from './modules/merchants';
import { payoutJobData, processPayout, sweepPayouts } from './modules/withdrawals';

/** Every worker of this process, payouts first. */
export async function startWorkers(deps: Deps): Promise<void> {
  await startPayoutWorker(deps);
  await startCardWorker(deps);
  await startMessageWorker(deps);
  await startMerchantWorker(deps);
  await startMaintenanceWorker(deps);
  await startLedgerWorker(deps);
}

/**
 * Runs payouts in this process. At start, and every SWEEP_INTERVAL_SECONDS after, payouts left
 * unfinished by a process that died are queued again, unless a check of theirs already waits
 * (`sweepPayouts`); the processor re-reads each under a lock, so a payout run twice pays once.
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
  await deps.jobs.work(PAYOUT_SWEEP_QUEUE, {}, async () => sweepPayouts(deps, deps.config.PAYOUT_RECHECK_SECONDS));
  await deps.jobs.sendEvery(PAYOUT_SWEEP_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
  await sweepPayouts(deps, 0);
}

const submitJob = z.object({ orderId: z.number().int().positive() });

/** Credit jobs fetched per poll: a burst of passes is not held to one small batch per half second. */
const CREDIT_BATCH = 500;

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
  // A batch of credit jobs is credited as a set (creditCards: chunks of cards, a few statements
  // each); a failed batch is retried whole, and the cards credited already are skipped then.
  await deps.jobs.work(CARD_CREDIT_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: CREDIT_BATCH }, async (jobs) => {
    const cardIds = jobs.flatMap((job) => {
      const data = creditJob.safeParse(job.data);
      return data.success ? [data.data.cardId] : []; // a malformed job can never succeed: drop it
    });
    await creditCards(deps, cardIds);
  });
  await deps.jobs.work(CARD_POLL_QUEUE, {}, async () => pollCards(deps));
  await deps.jobs.sendEvery(CARD_POLL_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
  // Each parcel in transit is one call to the tracking service, so the carrier is asked less often.
  await deps.jobs.work(SHIPMENT_POLL_QUEUE, {}, async () => {
    await receiveDelivered(deps);
  });
  await deps.jobs.boss.schedule(SHIPMENT_POLL_QUEUE, '*/10 * * * *');
}

const deliveryJob = z.object({ deliveryId: z.number().int().positive() });

/**
 * Sends messages to sellers outside the app in this process: one job per delivery, and every
 * SWEEP_INTERVAL_SECONDS a sweep that fails deliveries a dead worker left sending and queues again
 * those whose job was lost. A delivery is claimed in one statement before it is sent, so a job run
 * twice, or by two instances, sends it once.
 */
export async function startMessageWorker(deps: Deps): Promise<void> {
  await deps.jobs.work(MESSAGE_DELIVERY_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 10 }, async (jobs) => {
    // A delivery's outcome is recorded on its row, never thrown: a failed batch retried whole sends nothing twice.
    await Promise.all(
      jobs.map(async (job) => {
        const data = deliveryJob.safeParse(job.data);
        if (data.success) await processDelivery(deps, data.data.deliveryId); // a malformed job can never succeed: drop it
      }),
    );
  });
  // A job of the periodic sweep leaves fresh deliveries to their own job, which is already queued.
  await deps.jobs.work(MESSAGE_SWEEP_QUEUE, {}, async () => sweepDeliveries(deps, deps.config.SWEEP_INTERVAL_SECONDS));
  await deps.jobs.sendEvery(MESSAGE_SWEEP_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
  await sweepDeliveries(deps, 0);
}

const callbackJob = z.object({ merchantOrderId: z.number().int().positive() });

/**
 * Delivers callbacks to merchants' servers, and every SWEEP_INTERVAL_SECONDS queues again those
 * whose job was lost. Each job takes its order's callback only when it is due, so a job delivered
 * twice, or two jobs for one order, send it once.
 */
export async function startMerchantWorker(deps: Deps): Promise<void> {
  await deps.jobs.work(MERCHANT_CALLBACK_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    // One slow merchant server must not hold the others' callbacks: the batch's attempts run side by side.
    await Promise.all(
      jobs.map((job) => {
        const data = callbackJob.safeParse(job.data);
        return data.success ? deliverCallback(deps, data.data.merchantOrderId) : undefined;
      }),
    );
  });
  await deps.jobs.work(MERCHANT_CALLBACK_SWEEP_QUEUE, {}, async () => requeueLostCallbacks(deps));
  await deps.jobs.sendEvery(MERCHANT_CALLBACK_SWEEP_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
}

/**
 * Every SWEEP_INTERVAL_SECONDS, folds the platform accounts' deltas into their stored balances, so
 * the rows their balances are read from stay few. Only an optimisation: a balance read through
 * `ledger_account_balances` is right whether or not the rollup ran.
 */
export async function startLedgerWorker(deps: Deps): Promise<void> {
  await deps.jobs.work(LEDGER_ROLLUP_QUEUE, {}, async () => rollUpPlatformBalances(deps.database.db));
  await deps.jobs.sendEvery(LEDGER_ROLLUP_QUEUE, deps.config.SWEEP_INTERVAL_SECONDS);
}

/**
 * Housekeeping on pg-boss schedules (one run per schedule across all instances): the purge of
 * expired rows every hour, and the deletion of unused uploads every hour (each after a day).
 */
export async function startMaintenanceWorker(deps: Deps): Promise<void> {
  await deps.jobs.work(PURGE_QUEUE, {}, async () => {
    deps.log.info({ purged: await purgeExpired(deps) }, 'purged expired tokens, codes, counters, outbox lines and nonces');
  });
  await deps.jobs.work(UPLOAD_CLEANUP_QUEUE, {}, async () => {
    deps.log.info({ deleted: await cleanUploads(deps) }, 'deleted uploads unused for a day');
  });
  await deps.jobs.boss.schedule(PURGE_QUEUE, '17 * * * *');
  await deps.jobs.boss.schedule(UPLOAD_CLEANUP_QUEUE, '37 * * * *');
}
