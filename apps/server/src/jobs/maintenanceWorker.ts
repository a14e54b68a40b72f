import type { Deps } from '../deps';
import { cleanUploads, purgeExpired } from '../modules/maintenance';
import { PURGE_QUEUE, UPLOAD_CLEANUP_QUEUE } from './maintenanceQueues';

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
