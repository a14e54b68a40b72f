/**
 * The withdrawal as it was decided before `maika_extract` (migration 0031): each check its own
 * statement in the query builder, in a retried transaction. Kept only for
 * src/modules/withdrawals/extractParity.test.ts, which runs every case through both and asks for
 * the same answers, records, ledger rows and day totals; the queries no other code uses any more
 * are copied in here. When it goes, the test keeps its written-out answers against `extract`
 * alone, and ledger's `lockUserAccounts` and `hold`'s `accounts` option lose their last caller.
 */
import { Code, formatFen, PayeeChannel, withdrawalFeeFen, type ExtractBody } from '@maika/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../src/db/client';
import { pgErrorCode } from '../src/db/errors';
import { retryingTransaction } from '../src/db/retry';
import { withdrawals } from '../src/db/schema';
import type { Deps } from '../src/deps';
import { AppError, notFound } from '../src/http/envelope';
import { encrypt } from '../src/lib/crypto';
import { newOrderNo } from '../src/lib/orderNo';
import { hold, InsufficientFunds, lockUserAccounts, openAccounts } from '../src/modules/ledger';
import { findPayee, maskPayeeAccount, requireWechatOpenid, verifiedRealName } from '../src/modules/payees';
import { approvalNow } from '../src/modules/withdrawals/limitService';
import { countOpenWithdrawals, findChannel, type WithdrawalRow } from '../src/modules/withdrawals/repo';
import { enqueuePayout, toRecord, type WithdrawalView } from '../src/modules/withdrawals/service';

async function findUserWithdrawalByKey(db: Queryable, userId: number, key: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)));
  return row;
}

async function nextWithdrawalId(db: Queryable): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('withdrawals', 'id'))::bigint as id`);
  return rows[0]!.id;
}

const sameRequest = (w: WithdrawalRow, body: ExtractBody) =>
  w.amountFen === body.amountFen && w.channel === body.channel && w.payeeId === body.payeeId;

async function firstResult(deps: Deps, db: Queryable, userId: number, body: ExtractBody): Promise<WithdrawalView | null> {
  const existing = await findUserWithdrawalByKey(db, userId, body.idempotencyKey);
  if (!existing) return null;
  if (!sameRequest(existing, body)) throw new AppError(Code.IdempotencyKeyReused);
  return toRecord(deps, existing);
}

export async function extractLegacy(deps: Deps, userId: number, body: ExtractBody): Promise<WithdrawalView> {
  const db = deps.database.db;
  if (!(await verifiedRealName(db, userId))) throw new AppError(Code.RealNameRequired);
  const repeated = await firstResult(deps, db, userId, body);
  if (repeated) return repeated;
  const channel = await findChannel(db, body.channel);
  if (!channel?.enabled) throw new AppError(Code.WithdrawalChannelDisabled);
  const payee = await findPayee(db, userId, body.payeeId);
  if (!payee) throw notFound('thing.payee');
  if (payee.channel !== body.channel) throw new AppError(Code.PayeeChannelMismatch);
  const wechatOpenid = body.channel === PayeeChannel.WeChat ? await requireWechatOpenid(db, userId) : null;
  const payeeAccount = wechatOpenid
    ? {
        payeeAccountEnc: encrypt(deps.config.dataEncryptionKey, wechatOpenid),
        payeeAccountMasked: maskPayeeAccount(PayeeChannel.WeChat, wechatOpenid),
      }
    : { payeeAccountEnc: payee.accountEnc, payeeAccountMasked: payee.accountMasked };
  if (body.amountFen < channel.minFen) throw new AppError(Code.WithdrawalBelowMinimum, { min: formatFen(channel.minFen) });
  const feeFen = withdrawalFeeFen(channel, body.amountFen);
  await openAccounts(db, { userIds: [userId] });
  try {
    return await retryingTransaction(db, async (tx) => {
      const accounts = await lockUserAccounts(tx, userId);
      if (!accounts) throw new Error(`user ${userId} has no ledger accounts after openAccounts`);
      const again = await firstResult(deps, tx, userId, body);
      if (again) return again;
      const insufficient = new AppError(Code.InsufficientBalance, { available: formatFen(accounts.availableFen), fee: formatFen(feeFen) });
      if (accounts.availableFen < body.amountFen + feeFen) throw insufficient;
      if (body.amountFen > channel.maxFen) throw new AppError(Code.WithdrawalAboveMaximum, { max: formatFen(channel.maxFen) });
      if ((await countOpenWithdrawals(tx, userId)) >= deps.config.WITHDRAWAL_MAX_OPEN) throw new AppError(Code.WithdrawalAlreadyOpen);
      const id = await nextWithdrawalId(tx);
      const held = await hold(tx, {
        key: `withdrawal:${id}:hold:1`,
        userId,
        amountFen: body.amountFen + feeFen,
        ref: `withdrawal:${id}`,
        accounts,
      }).catch((e: unknown) => {
        throw e instanceof InsufficientFunds ? insufficient : e;
      });
      const orderNo = newOrderNo('W');
      const approval = await approvalNow(deps, tx, channel, userId, body.amountFen);
      const [w] = await tx
        .insert(withdrawals)
        .values({
          id,
          orderNo,
          outBizNo: orderNo,
          userId,
          idempotencyKey: body.idempotencyKey,
          channel: body.channel,
          payeeId: payee.id,
          payeeNameEnc: payee.nameEnc,
          payeeNameMasked: payee.nameMasked,
          ...payeeAccount,
          bankCode: payee.bankCode,
          branch: payee.branch,
          amountFen: body.amountFen,
          feeFen,
          holdTransferId: held.transfer.id,
          ...approval,
        })
        .returning();
      if (approval.approvalsRequired === 0) await enqueuePayout(deps, tx, id);
      return toRecord(deps, w!);
    });
  } catch (e) {
    if (pgErrorCode(e) === '23505') {
      const repeated2 = await firstResult(deps, db, userId, body);
      if (repeated2) return repeated2;
    }
    throw e;
  }
}
