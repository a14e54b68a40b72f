import { MERCHANT_CLOCK_SKEW_SECONDS } from '@maika/shared';
import type { Deps } from '../../deps';
import { CALLBACK_WINDOW_SECONDS } from '../../providers/channel';
import { purgeNonces } from '../cards';
import { purgeMerchantNonces } from '../merchants';
import { deleteUnusedUploads } from '../upload';
import { deleteDeadCodes, deleteDeadTokens, deleteDeadVouchers, deleteExpiredRateLimits, deleteOldOutbox } from './repo';

/** How long the SMS outbox (what the simulator "delivered", read by operators) is kept. */
export const OUTBOX_KEEP_DAYS = 7;

/**
 * Removes what has served its purpose: expired or revoked tokens, used or expired SMS codes and
 * phone-change vouchers, rate-limit counters whose window ended, outbox lines older than a week and
 * callback nonces and merchants' request nonces past their replay window (twice the clock window, as
 * the card poll does).
 */
export async function purgeExpired(deps: Deps) {
  const db = deps.database.db;
  const purged = {
    tokens: await deleteDeadTokens(db),
    smsCodes: await deleteDeadCodes(db),
    vouchers: await deleteDeadVouchers(db),
    rateLimits: await deleteExpiredRateLimits(db, Date.now()),
    outbox: await deleteOldOutbox(db, OUTBOX_KEEP_DAYS),
  };
  await purgeNonces(db, 2 * CALLBACK_WINDOW_SECONDS);
  // A nonce older than twice the clock window can only come with a timestamp refused anyway.
  await purgeMerchantNonces(db, 2 * MERCHANT_CLOCK_SKEW_SECONDS);
  return purged;
}

/** Uploads no avatar or feedback named within a day, with their files. */
export async function cleanUploads(deps: Deps) {
  return { uploads: await deleteUnusedUploads(deps) };
}
