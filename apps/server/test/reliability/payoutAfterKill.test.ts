/**
 * A payout worker killed after the vendor took the transfer but before the withdrawal's status was
 * written: the restarted worker asks the vendor, records the outcome, and the user is paid once.
 */
import { WithdrawalStatus } from '@maika/shared';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/db/client';
import { checkLedger } from '../../src/modules/ledger';
import { createTestDatabase, createTestServer } from '../harness';
import { eventually, openWithdrawal, withdrawalRow, withdrawalSettled } from '../moneyFixtures';

describe('a worker killed between the vendor call and the status write', () => {
  it('is resolved once by query after restart, and the vendor is asked to pay once', async () => {
    const { url } = await createTestDatabase();
    const database = connect(url);
    afterAll(() => database.close());
    const server = await createTestServer({ database, limitRules: { smsIpPerDay: 10_000 } });
    const env = {
      ...process.env,
      DATABASE_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAYOUT_SIM_DELAY_MS: '600000',
      APP_SECRET: server.deps.config.appSecret,
      DATA_ENCRYPTION_KEY: server.deps.config.dataEncryptionKey.toString('base64'),
      DATA_DIR: server.deps.config.dataDir,
    };
    const script = fileURLToPath(new URL('../bin/payoutWorker.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const { id } = await openWithdrawal(server, '13600000001', { amountFen: 2000, balanceFen: 10_000 });
    // The simulator has recorded the transfer and is holding its answer: the vendor has paid.
    const recorded = await eventually(async () => (await database.pool.query('select out_biz_no from payout_sim_transfers')).rows[0]);
    expect((await withdrawalRow(server, id)).status).toBe(WithdrawalStatus.Processing);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const restarted = await createTestServer({ database, payoutWorker: true, limitRules: { smsIpPerDay: 10_000 } });
    await withdrawalSettled(restarted, id, [WithdrawalStatus.Paid]);
    const sim = await database.pool.query('select out_biz_no from payout_sim_transfers');
    expect(sim.rows).toEqual([recorded]);
    const posts = await database.pool.query(`select count(*)::int as n from ledger_transfers where ref = $1 and resolution = 'post'`, [
      `withdrawal:${id}`,
    ]);
    expect(posts.rows[0].n).toBe(1);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
