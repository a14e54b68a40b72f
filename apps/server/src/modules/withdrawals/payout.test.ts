import { contract, WithdrawalStatus } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, createTestServer, type TestServer } from '../../../test/harness';
import { callApi } from '../../../test/callApi';
import { operator } from '../../../test/console';
import { openWithdrawal, withdrawalRow, withdrawalSettled } from '../../../test/moneyFixtures';
import { confirmSimulatedTransfer } from '../../providers/payout/sim';
import { checkLedger } from '../ledger';
import { processPayout, sweepPayouts } from './payoutService';

const calls = contract.withdrawals;
let phone = 13600000000;
const withdraw = (server: TestServer, amountFen = 2000) => openWithdrawal(server, String((phone += 1)), { amountFen, balanceFen: 10_000 });
/** The payout jobs gone as if a worker had taken them (and died, or is still at them). */
const payoutJobsTaken = (pool: pg.Pool) => pool.query(`delete from pgboss.job where name = 'payout'`);
/**
 * No worker: the test runs the jobs itself. The vendor holds every transfer (awaiting the payee), and
 * a recheck is due a minute on, so none comes due meanwhile.
 */
const vendorHoldsServer = () =>
  createTestServer({
    env: { PAYOUT_SIM_OUTCOME: 'awaitingConfirmation', PAYOUT_RECHECK_SECONDS: '60' },
    limitRules: { smsIpPerDay: 10_000 },
  });
const failReasonShown = async (server: TestServer, token: string, lang?: string) =>
  (await callApi(server, calls.records, { token, query: {}, headers: lang ? { lang } : {} })).data.list[0]!.failReason;

describe('payout worker with the simulator', () => {
  it('pays an approved withdrawal whose job died with the process that held it', async () => {
    const { database } = await createTestDatabase();
    // Both processes read the payee's encrypted account, so they share the key as real instances do.
    const env = { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const front = await createTestServer({ database, env, limitRules: { smsIpPerDay: 10_000 } });
    const { id } = await withdraw(front);
    // The job is gone as if a killed worker had taken it: only the sweep can find the payout now.
    await payoutJobsTaken(database.pool);
    const worker = await createTestServer({ database, env, payoutWorker: true, limitRules: { smsIpPerDay: 10_000 } });
    await withdrawalSettled(worker, id, [WithdrawalStatus.Paid]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('pays: posts the hold to payouts, and the user sees it paid', async () => {
    const server = await createTestServer({ payoutWorker: true, limitRules: { smsIpPerDay: 10_000 } });
    const { token, id } = await withdraw(server);
    await withdrawalSettled(server, id, [WithdrawalStatus.Paid]);
    const account = await callApi(server, calls.account, { token });
    expect(account.data).toMatchObject({ availableFen: 8000, heldFen: 0, withdrawnTotalFen: 2000 });
    const records = await callApi(server, calls.records, { token, query: { status: 1 } });
    expect(records.data.list[0]).toMatchObject({ id, status: 1, paidAt: expect.any(String) });
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('a refusal voids the hold and says why', async () => {
    const server = await createTestServer({
      payoutWorker: true,
      env: { PAYOUT_SIM_OUTCOME: 'failed' },
      limitRules: { smsIpPerDay: 10_000 },
    });
    const { token, id } = await withdraw(server);
    await withdrawalSettled(server, id, [WithdrawalStatus.PaymentFailed]);
    expect(await failReasonShown(server, token)).toBe('模拟打款失败');
    expect((await callApi(server, calls.account, { token })).data).toMatchObject({ availableFen: 10_000, heldFen: 0 });
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('awaiting confirmation shows the WeChat package, then pays once the payee confirms', async () => {
    const server = await createTestServer({
      payoutWorker: true,
      env: { PAYOUT_SIM_OUTCOME: 'awaitingConfirmation', PAYOUT_RECHECK_SECONDS: '1' },
      limitRules: { smsIpPerDay: 10_000 },
    });
    const { token, id } = await withdraw(server);
    const waiting = await withdrawalSettled(server, id, [WithdrawalStatus.AwaitingConfirmation]);
    const records = await callApi(server, calls.records, { token, query: {} });
    expect(records.data.list[0]!.confirm).toEqual({ appId: 'sim', mchId: 'sim', packageInfo: waiting.package_info });
    await confirmSimulatedTransfer(server.deps.database.db, waiting.out_biz_no);
    await withdrawalSettled(server, id, [WithdrawalStatus.Paid]);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('a refusal reads in the language of whoever reads it, the user or an operator', async () => {
    const server = await createTestServer({
      payoutWorker: true,
      env: { PAYOUT_SIM_OUTCOME: 'failed' },
      limitRules: { smsIpPerDay: 10_000 },
    });
    const { token, id } = await withdraw(server);
    await withdrawalSettled(server, id, [WithdrawalStatus.PaymentFailed]);

    expect(await failReasonShown(server, token, 'en-US')).toBe('The simulated payout failed');
    expect(await failReasonShown(server, token, 'zh-CN')).toBe('模拟打款失败');
    const finance = await operator(server, 'finance');
    const inEnglish = await callApi(server, calls.adminDetail, { token: finance, params: { id }, headers: { 'accept-language': 'en-US' } });
    expect(inEnglish.data.failReason).toBe('The simulated payout failed');
    const inChinese = await callApi(server, calls.adminDetail, { token: finance, params: { id }, headers: { 'accept-language': 'zh-CN' } });
    expect(inChinese.data.failReason).toBe('模拟打款失败');
  });

  it('an unconfirmed transfer past its window is cancelled and refunded', async () => {
    const server = await createTestServer({
      payoutWorker: true,
      env: { PAYOUT_SIM_OUTCOME: 'awaitingConfirmation', PAYOUT_RECHECK_SECONDS: '1' },
      limitRules: { smsIpPerDay: 10_000 },
    });
    const { token, id } = await withdraw(server);
    await withdrawalSettled(server, id, [WithdrawalStatus.AwaitingConfirmation]);
    await server.deps.database.pool.query(`update withdrawals set confirm_expires_at = now() - interval '1 minute' where id = $1`, [id]);
    await withdrawalSettled(server, id, [WithdrawalStatus.PaymentFailed]);
    expect(await failReasonShown(server, token)).toMatch(/24/);
    expect((await callApi(server, calls.account, { token })).data.availableFen).toBe(10_000);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('a payout the vendor still holds has one check waiting, however many jobs ran for it and sweeps passed', async () => {
    const server = await vendorHoldsServer();
    const { id } = await withdraw(server);
    const pool = server.deps.database.pool;
    // Each waiting check of the payout, with how many seconds from now it is due.
    const waitingChecks = async () =>
      (
        await pool.query<{ dueIn: number }>(
          `select extract(epoch from start_after - now())::int as "dueIn" from pgboss.job
            where name = 'payout' and state < 'active' and data @> $1::jsonb`,
          [JSON.stringify({ withdrawalId: id })],
        )
      ).rows.map((r) => r.dueIn);

    // Its job taken by a worker, then run again by two more: what a sweep doubled while the queue was behind.
    await payoutJobsTaken(pool);
    for (let run = 0; run < 3; run += 1) await processPayout(server.deps, id);
    expect((await withdrawalRow(server, id)).status).toBe(WithdrawalStatus.AwaitingConfirmation);
    const [dueIn, ...more] = await waitingChecks();
    expect(more).toEqual([]);
    expect(dueIn).toBeGreaterThanOrEqual(55); // the recheck, a minute on

    // Two runs at once (its recheck and a sweep's job, both taken): the later to record sees the earlier's recheck.
    await payoutJobsTaken(pool);
    await Promise.all([processPayout(server.deps, id), processPayout(server.deps, id)]);
    expect(await waitingChecks()).toHaveLength(1);

    // Untouched for longer than the sweep waits (0 s): a check waits, so it queues none beside it.
    await sweepPayouts(server.deps, 0);
    await sweepPayouts(server.deps, 0);
    expect(await waitingChecks()).toHaveLength(1);

    // The check lost with a killed worker: the sweep queues one, due now, and only one.
    await payoutJobsTaken(pool);
    await sweepPayouts(server.deps, 0);
    await sweepPayouts(server.deps, 0);
    const [dueNow, ...others] = await waitingChecks();
    expect(others).toEqual([]);
    expect(dueNow).toBeLessThanOrEqual(0);
  });

  it('a queue running behind starts a new payout before it asks again about one already with the vendor', async () => {
    const server = await vendorHoldsServer();
    const pool = server.deps.database.pool;
    const earlier = await withdraw(server);
    await payoutJobsTaken(pool);
    await processPayout(server.deps, earlier.id);
    // Its recheck is overdue, as in a queue a minute behind, when a new withdrawal's job arrives.
    await pool.query(
      `update pgboss.job set start_after = now() - interval '1 minute', created_on = now() - interval '2 minutes' where name = 'payout'`,
    );
    const later = await withdraw(server);

    const next = async () =>
      (await server.deps.jobs.boss.fetch<{ withdrawalId: number }>('payout', { batchSize: 1 }))[0]!.data.withdrawalId;
    expect(await next()).toBe(later.id);
    expect(await next()).toBe(earlier.id);
  });
});
