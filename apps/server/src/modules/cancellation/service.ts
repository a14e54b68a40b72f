import type { Deps } from '../../deps';
import { notFound } from '../../http/envelope';
import { anonymiseUser, eraseUserData, lockUser } from '../accounts';
import { eraseUserMessages } from '../messages';
import { forgetMerchantOfUser } from '../merchants';
import { closureBlockers } from './closure';

/**
 * Cancels the account: refused while money or unfinished business remains; otherwise, in one
 * transaction, everything that identifies the person and is no longer needed is deleted (see
 * `eraseUserData`, and `eraseUserMessages`: messages with their deliveries, message choices and
 * subscribe consents) and the user row is anonymised. Withdrawals, the ledger, orders and cards stay,
 * tied to the anonymised row (see README, "Personal data"). Uploaded files go after the commit.
 */
export async function cancelAccount(deps: Deps, userId: number): Promise<void> {
  const files = await deps.database.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound('thing.user');
    // A double tap: both requests passed the token check before the first committed. The
    // account is cancelled as asked, so the second is answered as done too.
    if (user.status === 'cancelled') return [];
    for (const check of closureBlockers) {
      const blocker = await check(tx, userId);
      if (blocker) throw blocker;
    }
    const paths = await eraseUserData(tx, userId, user.phone);
    await eraseUserMessages(tx, userId);
    await forgetMerchantOfUser(tx, userId);
    await anonymiseUser(tx, userId);
    return paths;
  });
  // Its tokens are refused here from the next request on; other instances hear of it in their turn.
  await deps.sessions.heard(deps.database.pool);
  for (const path of files) await deps.storage.remove(path);
}
