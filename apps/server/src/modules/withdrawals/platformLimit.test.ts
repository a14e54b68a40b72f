/**
 * The platform's daily limit on automatic payouts is weighed by the payout job, under the day's
 * platform-wide lock, and never by the user's request: creations on any number of instances take
 * only their users' locks, and the jobs of two instances together never pay past the limit.
 */
import { Code, WithdrawalStatus } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../db/schema';
import { adminCall, consoleServer } from '../../../test/console';
import { createTestServer, eventually, newKey, type TestServer } from '../../../test/harness';
import { alipayPayee, credit, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { processPayout } from './payoutService';

const PLATFORM_LIMIT_FEN = 10_500;
// One deployment: both instances read the payee details the other encrypted.
const env = {
  PAYOUT_PLATFORM_DAILY_FEN: String(PLATFORM_LIMIT_FEN),
  PAYOUT_USER_DAILY_FEN: '1000000',
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const manyLogins = { smsIpPerDay: 10_000 };

let first: TestServer;
let second: TestServer;
let ops: Record<AdminRole, string>;
let phone = 13500000000;
const sql = (text: string, params: unknown[] = []) => first.deps.database.pool.query(text, params);

beforeAll(async () => {
  ({ server: first, ops } = await consoleServer({ env, payoutWorker: true }));
  second = await createTestServer({ database: first.deps.database, env, limitRules: manyLogins, payoutWorker: true });
});

async function seller(server: TestServer) {
  const { token, userId } = await verifiedUser(server, String((phone += 1)));
  const payeeId = await savePayee(server, token, alipayPayee);
  await credit(server.deps, userId, 20_000);
  return { server, token, payeeId };
}

async function withdraw(s: { server: TestServer; token: string; payeeId: number }, amountFen: number): Promise<number> {
  const answer = await s.server.call('POST', '/api/cash/extract', {
    token: s.token,
    body: { amountFen, channel: alipayPayee.channel, payeeId: s.payeeId, idempotencyKey: newKey() },
  });
  expect(answer.code, answer.msg).toBe(Code.Ok);
  return answer.data.withdrawal.id as number;
}

const platformTotalToday = async () =>
  Number(
    (
      await sql(
        `select coalesce((select amount_fen from automatic_payout_days where day = (now() at time zone '${BUSINESS_TIME_ZONE}')::date), 0)::text as fen`,
      )
    ).rows[0].fen,
  );

describe("the platform's daily automatic payout limit", () => {
  it("creates a withdrawal while another transaction holds the day's platform-wide total locked", async () => {
    const s = await seller(first);
    const holder = await first.deps.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(
        `insert into automatic_payout_days (day, amount_fen) values ((now() at time zone '${BUSINESS_TIME_ZONE}')::date, 0)
         on conflict (day) do update set amount_fen = automatic_payout_days.amount_fen`,
      );
      const id = await withdraw(s, 1_000);
      const { rows } = await sql('select status, approvals_required, platform_limit_pending from withdrawals where id = $1', [id]);
      expect(rows[0]).toEqual({ status: WithdrawalStatus.Unpaid, approvals_required: 0, platform_limit_pending: true });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });

  it("weighs a withdrawal against it while the user's own total of the day is held locked, as the user's next withdrawal holds it", async () => {
    // The first test's payout weighed, so the platform's total moves by this one alone.
    await eventually(async () => (await sql('select count(*)::int as n from withdrawals where platform_limit_pending')).rows[0].n === 0);
    const platformBefore = await platformTotalToday();
    const s = await seller(first);
    const today = `(now() at time zone '${BUSINESS_TIME_ZONE}')::date`;
    const platformHolder = await first.deps.database.pool.connect();
    const userHolder = await first.deps.database.pool.connect();
    try {
      // The platform's row held, so no worker weighs the withdrawal before the user's row is held too.
      await platformHolder.query('begin');
      await platformHolder.query(
        `insert into automatic_payout_days (day, amount_fen) values (${today}, 0)
         on conflict (day) do update set amount_fen = automatic_payout_days.amount_fen`,
      );
      const id = await withdraw(s, 1_000);
      const userId = (await sql('select user_id from withdrawals where id = $1', [id])).rows[0].user_id;
      await userHolder.query('begin');
      const userTotal = await userHolder.query(
        `select amount_fen::text as fen from automatic_payout_user_days where day = ${today} and user_id = $1 for update`,
        [userId],
      );
      expect(userTotal.rows[0].fen).toBe('1000');
      await platformHolder.query('rollback');

      await eventually(
        async () => !(await sql('select platform_limit_pending from withdrawals where id = $1', [id])).rows[0].platform_limit_pending,
      );
      expect(await platformTotalToday()).toBe(platformBefore + 1_000);
    } finally {
      await platformHolder.query('rollback');
      await userHolder.query('rollback');
      platformHolder.release();
      userHolder.release();
    }
  });

  it('never pays past it from concurrent creations on two instances; the withdrawals over it wait for an approval, which pays them', async () => {
    // Leave the first test's payout to its worker, so the limit's room is known.
    await eventually(async () => (await sql('select count(*)::int as n from withdrawals where platform_limit_pending')).rows[0].n === 0);
    const room = PLATFORM_LIMIT_FEN - (await platformTotalToday());
    const sellers = await Promise.all(Array.from({ length: 24 }, (_, i) => seller(i % 2 === 0 ? first : second)));
    const ids = await Promise.all(sellers.map((s) => withdraw(s, 1_000)));

    // Settled: paid, or held for approval, by whichever instance's worker took the job.
    const settled = async () => {
      const { rows } = await sql(
        `select id, status, approvals_required, approved_at is not null as approved from withdrawals where id = any($1) order by id`,
        [ids],
      );
      const done = rows.every(
        (w) => w.status === WithdrawalStatus.Paid || (w.status === WithdrawalStatus.Unpaid && w.approvals_required === 1 && !w.approved),
      );
      return done && rows;
    };
    const rows = await eventually(settled);
    const paid = rows.filter((w) => w.status === WithdrawalStatus.Paid);
    const held = rows.filter((w) => w.status === WithdrawalStatus.Unpaid);
    expect(paid).toHaveLength(Math.floor(room / 1_000));
    expect(held).toHaveLength(ids.length - paid.length);
    expect(await platformTotalToday()).toBeLessThanOrEqual(PLATFORM_LIMIT_FEN);
    expect(await platformTotalToday()).toBe(PLATFORM_LIMIT_FEN - room + paid.length * 1_000);

    // Its job run again, a held withdrawal stays unpaid; approved, it is paid.
    const waiting = held[0].id as number;
    await processPayout(first.deps, waiting);
    expect((await sql('select status from withdrawals where id = $1', [waiting])).rows[0].status).toBe(WithdrawalStatus.Unpaid);
    expect((await adminCall(first, ops.finance, 'POST', `/api/admin/withdrawals/${waiting}/approve`)).code).toBe(Code.Ok);
    await eventually(
      async () => (await sql('select status from withdrawals where id = $1', [waiting])).rows[0].status === WithdrawalStatus.Paid,
    );
  });
});
