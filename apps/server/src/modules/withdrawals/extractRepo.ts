/**
 * Withdrawals decided by the database in one round trip: `maika_extract` (migrations 0031 and 0036)
 * runs every check, the hold, the insert and the payout job of a request, and
 * `maika_extract_together` (migration 0038) runs it for several requests in the one statement sent
 * here. Named statements on the pool, prepared once per connection, so nothing is built per request.
 */
import type pg from 'pg';
import type { WithdrawalRow } from './repo';

/** The columns a withdrawal is shown from (`toRecord`). */
export type WithdrawalShown = Pick<
  WithdrawalRow,
  | 'id'
  | 'orderNo'
  | 'amountFen'
  | 'feeFen'
  | 'channel'
  | 'payeeNameMasked'
  | 'payeeAccountMasked'
  | 'status'
  | 'approvedAt'
  | 'failReason'
  | 'failReasonKey'
  | 'failReasonParams'
  | 'packageInfo'
  | 'createdAt'
  | 'paidAt'
>;

/** The first check a request failed, in the order they run. */
export type ExtractRefusal =
  | 'real_name_required'
  | 'key_reused'
  | 'channel_disabled'
  | 'payee_not_found'
  | 'payee_channel_mismatch'
  | 'wechat_not_linked'
  | 'below_minimum'
  | 'insufficient'
  | 'above_maximum'
  | 'already_open';

/**
 * The withdrawal the request made ('created') or had made under its key ('repeat'), or the check
 * it failed with the figures that check's message shows.
 */
export type ExtractAnswer =
  | { code: 'created' | 'repeat'; withdrawal: WithdrawalShown }
  | { code: ExtractRefusal; availableFen: number | null; feeFen: number | null; minFen: number | null; maxFen: number | null };

type AnswerRow = {
  /** The request's place among those sent, from 1. */
  ord: number;
  code: ExtractRefusal | 'created' | 'repeat';
  availableFen: number | null;
  minFen: number | null;
  maxFen: number | null;
} & WithdrawalShown;

/** What one request asks. */
export interface ExtractRequest {
  userId: number;
  idempotencyKey: string;
  channel: number;
  payeeId: number;
  amountFen: number;
  orderNo: string;
  /** A WeChat request: paid to the openid linked by login, given here encrypted (null when none is linked). */
  wechat: boolean;
  accountEnc: Buffer | null;
  accountMasked: string | null;
}

/** The limits every request is weighed against, from the configuration. */
export interface ExtractRules {
  maxOpen: number;
  secondApprovalFen: number;
  userDailyFen: number;
  payoutQueue: string;
}

const extractStatement = `
  select ord, code, available_fen as "availableFen", fee_fen as "feeFen", min_fen as "minFen", max_fen as "maxFen",
    id, order_no as "orderNo", amount_fen as "amountFen", channel, payee_name_masked as "payeeNameMasked",
    payee_account_masked as "payeeAccountMasked", status, approved_at as "approvedAt", fail_reason as "failReason",
    fail_reason_key as "failReasonKey", fail_reason_params as "failReasonParams", package_info as "packageInfo",
    created_at as "createdAt", paid_at as "paidAt"
  from maika_extract_together($1::bigint[], $2::text[], $3::smallint[], $4::bigint[], $5::bigint[], $6::text[], $7::boolean[],
    $8::bytea[], $9::text[], $10::integer, $11::bigint, $12::bigint, $13::text)`;

/**
 * One statement, in its own transaction, for any number of requests (`maika_extract_together`,
 * migration 0038): every decision commits or none does. The answers are in the requests' order.
 */
export async function decideWithdrawals(pool: pg.Pool, requests: ExtractRequest[], rules: ExtractRules): Promise<ExtractAnswer[]> {
  const column = <K extends keyof ExtractRequest>(key: K) => requests.map((r) => r[key]);
  const { rows } = await pool.query<AnswerRow>({
    name: 'withdrawal_extract_together',
    text: extractStatement,
    values: [
      column('userId'),
      column('idempotencyKey'),
      column('channel'),
      column('payeeId'),
      column('amountFen'),
      column('orderNo'),
      column('wechat'),
      column('accountEnc'),
      column('accountMasked'),
      rules.maxOpen,
      rules.secondApprovalFen,
      rules.userDailyFen,
      rules.payoutQueue,
    ],
  });
  const answers: ExtractAnswer[] = [];
  for (const { ord, code, availableFen, minFen, maxFen, ...withdrawal } of rows) {
    // Refusals leave the withdrawal's columns null: they are read only for 'created' and 'repeat'.
    answers[ord - 1] =
      code === 'created' || code === 'repeat' ? { code, withdrawal } : { code, availableFen, feeFen: withdrawal.feeFen, minFen, maxFen };
  }
  return answers;
}

/** The WeChat openid linked by login, read before a WeChat withdrawal to be encrypted for it. */
export async function linkedOpenid(pool: pg.Pool, userId: number): Promise<string | null> {
  const { rows } = await pool.query<{ openid: string | null }>({
    name: 'withdrawal_linked_openid',
    text: 'select wechat_openid as openid from users where id = $1',
    values: [userId],
  });
  return rows[0]?.openid ?? null;
}
