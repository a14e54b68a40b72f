/** Users as the back office sees them: lists, one user's whole picture, freezing. */
import {
  AccountStatus,
  accountStatusTable,
  Code,
  nicknameIn,
  textCatalogue,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserQuery,
  type Locale,
  inBothLanguages,
} from '@maika/shared';
import type { UserStatus } from '../../db/schema';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { recordAudit, type AdminAction } from '../audit';
import { revokeUserTokens } from './authRepo';
import { countReferees, currentTransactionId, findUserById, listAdminUsers, lockUser, setUserStatus, type AdminUserFilter } from './repo';
import { recordMessage } from '../messages';
import { realInfoOf } from './service';
import { getAccount, resumeHeldPayouts } from '../withdrawals';

const statusCode: Record<UserStatus, AccountStatus> = {
  active: AccountStatus.Active,
  frozen: AccountStatus.Frozen,
  cancelled: AccountStatus.Cancelled,
};
const statusOfCode = Object.fromEntries(Object.entries(statusCode).map(([k, v]) => [v, k])) as Record<AccountStatus, UserStatus>;

export function adminUserFilter(q: { phone?: string; status?: AccountStatus; verified?: boolean }): AdminUserFilter {
  return { phone: q.phone, status: q.status === undefined ? undefined : statusOfCode[q.status], verified: q.verified };
}

type ListedUser = Awaited<ReturnType<typeof listAdminUsers>>['list'][number];

export function toAdminUser(row: ListedUser, locale: Locale): AdminUser {
  return {
    id: row.id,
    phone: row.phone,
    nickname: nicknameIn(row, locale),
    status: statusCode[row.status],
    verified: row.verified,
    referrerId: row.referrerId,
    createdAt: row.createdAt.toISOString(),
    availableFen: row.availableFen,
  };
}

export async function listUsers(deps: Deps, q: AdminUserQuery, locale: Locale): Promise<{ list: AdminUser[]; total: number }> {
  const { list, total } = await listAdminUsers(deps.database.db, adminUserFilter(q), q.pageSize, offsetOf(q));
  return { list: list.map((row) => toAdminUser(row, locale)), total };
}

export async function getUserDetail(deps: Deps, id: number, locale: Locale): Promise<AdminUserDetail> {
  const db = deps.database.db;
  const user = await findUserById(db, id);
  if (!user) throw notFound('thing.user');
  const referrer = user.referrerId ? await findUserById(db, user.referrerId) : undefined;
  const realInfo = realInfoOf(deps, user);
  return {
    user: {
      id: user.id,
      phone: user.phone,
      nickname: nicknameIn(user, locale),
      status: statusCode[user.status],
      verified: user.idNumEnc !== null,
      referrerId: user.referrerId,
      createdAt: user.createdAt.toISOString(),
      avatar: user.avatar,
      gender: user.gender as AdminUserDetail['user']['gender'],
      inviteCode: user.inviteCode,
      realName: realInfo.name,
      idNum: realInfo.idNum,
      realNameVerifiedAt: user.realNameVerifiedAt?.toISOString() ?? null,
      wechatBound: user.wechatOpenid !== null,
      alipayBound: user.alipayUserId !== null,
    },
    account: await getAccount(deps, id),
    referrer: referrer ? { id: referrer.id, phone: referrer.phone } : null,
    refereeCount: await countReferees(db, id),
  };
}

type UserAction = 'freeze' | 'unfreeze';

/** Both languages, as the other back-office conflicts do: the console may be read in either. */
function conflict(status: UserStatus, action: UserAction): AppError {
  const label = accountStatusTable.byCode(statusCode[status])!.label;
  const actionText = textCatalogue[`user.action.${action}`];
  return new AppError(
    Code.UserStatusConflict,
    { status: inBothLanguages(label), action: inBothLanguages(actionText) },
    { status: statusCode[status] },
  );
}

/**
 * Freezing ends every session at once; the session check refuses a frozen user's calls (and so
 * withdrawals) and login refuses them too. Their open withdrawals are held: finance cannot approve,
 * pay or retry them and the payout job starts none (modules/withdrawals, under this row's lock).
 * Unfreezing lets them log in again and queues the payouts the freeze held. The user is told of
 * either, a freeze with the operator's reason.
 */
export async function changeUserStatus(
  deps: Deps,
  id: number,
  action: UserAction,
  audit?: AdminAction,
  reason: string | null = null,
): Promise<{ id: number; status: AccountStatus }> {
  const [from, to]: [UserStatus, UserStatus] = action === 'freeze' ? ['active', 'frozen'] : ['frozen', 'active'];
  await deps.database.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) throw notFound('thing.user');
    if (user.status !== from) throw conflict(user.status, action);
    await setUserStatus(tx, id, to);
    if (to === 'frozen') await revokeUserTokens(tx, id);
    else await resumeHeldPayouts(deps, tx, id);
    // Each freeze and unfreeze is told: the subject is this change's own (its transaction's id).
    const subject = `${action}:${await currentTransactionId(tx)}`;
    if (to === 'frozen') await recordMessage(tx, { userId: id, type: 'accountFrozen', subject, facts: { reason } });
    else await recordMessage(tx, { userId: id, type: 'accountUnfrozen', subject, facts: {} });
    await recordAudit(tx, audit);
  });
  // The user's sessions are refused here from the next request on; other instances hear of it in their turn.
  await deps.sessions.heard(deps.database.pool);
  return { id, status: statusCode[to] };
}
