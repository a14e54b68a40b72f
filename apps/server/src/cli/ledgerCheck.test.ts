import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/harness';
import type { Database } from '../db/client';
import { creditUser, LedgerReason } from '../modules/ledger';

const script = fileURLToPath(new URL('./ledgerCheck.ts', import.meta.url));
let url: string;
let database: Database;

// As an operator runs it: NODE_ENV unset (so production, with DATABASE_URL), no secrets, no vendor settings.
const runCheck = () => {
  const config = testConfig();
  const { NODE_ENV: _mode, ...parent } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    env: { ...parent, DATABASE_URL: url, DATA_DIR: config.dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
};

beforeAll(async () => {
  ({ url, database } = await createTestDatabase());
  const { rows } = await database.pool.query(
    `insert into users (phone, nickname, invite_code) values ('13900009999', 'u', 'CLICHK') returning id`,
  );
  await database.db.transaction((tx) =>
    creditUser(tx, {
      key: 'cli-credit',
      userId: rows[0].id,
      amountFen: 1234,
      reason: LedgerReason.CardSettlement,
      from: 'platform_clearing',
    }),
  );
});

describe('npm run ledger:check', () => {
  it('passes on a consistent ledger', () => {
    const result = runCheck();
    expect(result.stdout).toContain('All invariants hold.');
    expect(result.status).toBe(0);
  });

  it('fails, naming the broken invariant, on a corrupted one', async () => {
    await database.pool.query(`update ledger_accounts set balance_fen = balance_fen + 5 where kind = 'user_available'`);
    const result = runCheck();
    expect(result.stdout).toMatch(/FAIL each account's balance equals its credits minus its debits/);
    expect(result.status).toBe(1);
  });
});
