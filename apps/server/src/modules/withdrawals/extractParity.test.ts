/**
 * A withdrawal decided in one statement (`maika_extract`, migration 0031) answers as the checks
 * made one statement at a time did: every case runs on twin users, one through each path, and both
 * must give the answer written in the case, the same withdrawal, ledger rows, day totals and jobs.
 */
import { BUSINESS_TIME_ZONE } from '../../lib/businessTime';
import { Code, PayeeChannel, WithdrawalStatus, type ExtractBody } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { extractLegacy } from '../../../test/legacyExtract';
import { alipayPayee, bankPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import { decrypt } from '../../lib/crypto';
import { AppError } from '../../http/envelope';
import { extract, type WithdrawalView } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 100_000 } });
});
const sql = (text: string, values: unknown[] = []) => server.deps.database.pool.query(text, values);

type Path = typeof extract;
const paths: [string, Path][] = [
  ['before (one statement per check)', extractLegacy],
  ['now (maika_extract)', extract],
];

interface User {
  token: string;
  userId: number;
  alipay: number;
  bank: number;
  wechat: number;
}

let phones = 0;
const OPENID = 'o6_parityOpenid_0000000000001';

/**
 * A verified user with an Alipay, a bank and a WeChat payee (the openid linked while it was saved,
 * and still linked), and `balanceFen` credited.
 */
async function newUser(balanceFen: number | null): Promise<User> {
  phones += 1;
  const { token, userId } = await verifiedUser(server, `1360000${String(phones).padStart(4, '0')}`);
  await sql('update users set wechat_openid = $1 where id = $2', [OPENID, userId]);
  const user = {
    token,
    userId,
    alipay: await savePayee(server, token, alipayPayee),
    bank: await savePayee(server, token, bankPayee),
    wechat: await savePayee(server, token, { channel: PayeeChannel.WeChat }),
  };
  if (balanceFen !== null) await credit(server.deps, userId, balanceFen);
  return user;
}

type Outcome = { error: { code: Code; params: unknown; data: unknown } } | { record: Omit<WithdrawalView, 'id' | 'orderNo' | 'createdAt'> };

async function outcomeOf(path: Path, user: User, body: ExtractBody): Promise<Outcome> {
  try {
    const { id, orderNo, createdAt, ...record } = await path(server.deps, user.userId, body);
    expect(id).toBeGreaterThan(0);
    expect(orderNo).toMatch(/^W\d{20}$/);
    expect(Date.parse(createdAt)).toBeGreaterThan(0);
    return { record };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { error: { code: e.code, params: e.params, data: e.data } };
  }
}

/** What a request left behind for its user: withdrawals, balances, transfers, the day's total and payout jobs, ids left out. */
async function effectsOf(user: User) {
  const key = server.deps.config.dataEncryptionKey;
  const { rows: withdrawals } = await sql(
    `select id, amount_fen, fee_fen, channel, status, attempt, approvals_required, approved_at is not null as approved,
       platform_limit_pending, payout_day::text, payee_name_enc, payee_name_masked, payee_account_enc, payee_account_masked,
       bank_code, branch, out_biz_no = order_no as out_biz_no_is_order_no, idempotency_key,
       (select channel from payees p where p.id = w.payee_id) as payee_channel,
       (select count(*)::int from pgboss.job j where j.name = 'payout' and j.data = jsonb_build_object('withdrawalId', w.id)) as payout_jobs,
       (select t.id = w.hold_transfer_id from ledger_transfers t where t.idempotency_key = 'withdrawal:' || w.id || ':hold:1') as holds_its_transfer
     from withdrawals w where user_id = $1 order by id`,
    [user.userId],
  );
  const ids = withdrawals.map((w) => String(w.id));
  const anonymous = (text: string) => ids.reduce((t, id) => t.replaceAll(`withdrawal:${id}:`, 'withdrawal:W:'), text);
  // Accounts at zero are left out: a refused request opened both before, and now opens none.
  const { rows: balances } = await sql(
    `select kind, balance_fen from ledger_accounts where user_id = $1 and balance_fen <> 0 order by kind`,
    [user.userId],
  );
  const { rows: transfers } = await sql(
    `select t.idempotency_key, t.reason, t.ref, t.amount_fen, t.pending, d.kind as debit, c.kind as credit
     from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
     where $1 in (d.user_id, c.user_id) order by t.id`,
    [user.userId],
  );
  const { rows: days } = await sql(`select day::text, amount_fen from automatic_payout_user_days where user_id = $1 order by day`, [
    user.userId,
  ]);
  return {
    withdrawals: withdrawals.map(({ id: _id, payee_name_enc, payee_account_enc, ...w }) => ({
      ...w,
      payee_name: decrypt(key, payee_name_enc),
      payee_account: decrypt(key, payee_account_enc),
    })),
    balances,
    transfers: transfers.map((t) => ({
      ...t,
      idempotency_key: t.idempotency_key.startsWith('test-credit:') ? 'credit' : anonymous(`${t.idempotency_key}:`),
      ref: t.ref === null ? null : anonymous(`${t.ref}:`),
    })),
    days,
  };
}

/** The platform's running totals, which a new withdrawal must leave alone (its payout job weighs it). */
const platformTotal = async () => (await sql('select coalesce(sum(amount_fen), 0)::bigint as fen from automatic_payout_days')).rows[0].fen;

interface Case {
  name: string;
  /** Credited first; null: the user has never had money, so has no ledger accounts. */
  balanceFen?: number | null;
  /** The platform's settings while the case runs (undone after). */
  settings?: string[];
  undo?: string[];
  /** Done to the user first, through the path under test. */
  arrange?: (path: Path, user: User) => Promise<void>;
  body: (user: User) => ExtractBody;
  /** The same request sent this many times at once; all must answer alike. */
  together?: number;
  expected: { code: Code; params?: Record<string, unknown> } | { record: Record<string, unknown> };
}

const alipay = (u: User, o: Partial<ExtractBody> = {}): ExtractBody => ({
  amountFen: 2000,
  channel: PayeeChannel.Alipay,
  payeeId: u.alipay,
  idempotencyKey: 'parity-key-1',
  ...o,
});
const bank = (u: User, o: Partial<ExtractBody> = {}) => alipay(u, { channel: PayeeChannel.Bank, payeeId: u.bank, ...o });
const unverify = (u: User) => sql('update users set id_num_enc = null where id = $1', [u.userId]);
const created = (record: Record<string, unknown>) => ({
  record: { status: WithdrawalStatus.Unpaid, failReason: null, confirm: null, ...record },
});
const firstThen = (body: (u: User) => ExtractBody, after?: (u: User) => Promise<unknown>) => async (path: Path, u: User) => {
  await path(server.deps, u.userId, body(u));
  await after?.(u);
};

const cases: Case[] = [
  {
    name: 'real name not verified',
    arrange: async (_p, u) => void (await unverify(u)),
    body: alipay,
    expected: { code: Code.RealNameRequired },
  },
  {
    name: 'real name not verified, for a key that already made a withdrawal',
    arrange: firstThen(alipay, unverify),
    body: alipay,
    expected: { code: Code.RealNameRequired },
  },
  {
    name: 'key used before with another amount',
    arrange: firstThen(alipay),
    body: (u) => alipay(u, { amountFen: 2001 }),
    expected: { code: Code.IdempotencyKeyReused },
  },
  {
    name: 'key used before with another channel and payee',
    arrange: firstThen(alipay),
    body: bank,
    expected: { code: Code.IdempotencyKeyReused },
  },
  {
    name: 'key used before for a payee since deleted',
    arrange: firstThen(alipay, (u) => sql('update withdrawals set payee_id = null where user_id = $1', [u.userId])),
    body: alipay,
    expected: { code: Code.IdempotencyKeyReused },
  },
  {
    name: 'key repeated: the first result, even though the channel was disabled since',
    arrange: firstThen(alipay, () => sql('update withdrawal_channels set enabled = false where channel = 1')),
    undo: ['update withdrawal_channels set enabled = true where channel = 1'],
    body: alipay,
    expected: created({ amountFen: 2000, feeFen: 0, channel: 1, awaitingApproval: false }),
  },
  {
    name: 'key repeated after the payout failed: the record as it stands',
    arrange: firstThen(alipay, (u) =>
      sql(`update withdrawals set status = 2, fail_reason_key = 'payout.failed' where user_id = $1`, [u.userId]),
    ),
    body: alipay,
    expected: { record: { status: WithdrawalStatus.PaymentFailed, failReason: { key: 'payout.failed' } } },
  },
  {
    name: 'channel disabled',
    settings: ['update withdrawal_channels set enabled = false where channel = 1'],
    undo: ['update withdrawal_channels set enabled = true where channel = 1'],
    body: alipay,
    expected: { code: Code.WithdrawalChannelDisabled },
  },
  {
    name: "another user's payee",
    body: (u) => alipay(u, { payeeId: u.alipay - 3 }),
    expected: { code: Code.NotFound },
  },
  { name: 'a payee of another channel', body: (u) => alipay(u, { payeeId: u.bank }), expected: { code: Code.PayeeChannelMismatch } },
  {
    name: 'WeChat with the openid unlinked since the payee was saved',
    arrange: async (_p, u) => void (await sql('update users set wechat_openid = null where id = $1', [u.userId])),
    body: (u) => alipay(u, { channel: PayeeChannel.WeChat, payeeId: u.wechat }),
    expected: { code: Code.WechatNotLinked },
  },
  {
    name: 'WeChat with the openid linked: paid to the openid',
    body: (u) => alipay(u, { channel: PayeeChannel.WeChat, payeeId: u.wechat }),
    expected: created({ channel: PayeeChannel.WeChat, amountFen: 2000, feeFen: 0, awaitingApproval: false }),
  },
  {
    name: 'below the minimum',
    body: (u) => alipay(u, { amountFen: 999 }),
    expected: { code: Code.WithdrawalBelowMinimum, params: { min: '¥10.00' } },
  },
  {
    name: 'below the minimum, with no ledger accounts yet',
    balanceFen: null,
    body: (u) => alipay(u, { amountFen: 999 }),
    expected: { code: Code.WithdrawalBelowMinimum, params: { min: '¥10.00' } },
  },
  {
    name: 'no ledger accounts at all',
    balanceFen: null,
    body: alipay,
    expected: { code: Code.InsufficientBalance, params: { available: '¥0.00', fee: '¥0.00' } },
  },
  {
    name: 'the held account missing, as a process stopped between opening the two leaves it',
    arrange: async (_p, u) => void (await sql(`delete from ledger_accounts where user_id = $1 and kind = 'user_held'`, [u.userId])),
    body: alipay,
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 2000, feeFen: 0, awaitingApproval: false }),
  },
  {
    name: 'the balance short by the minimum fee',
    balanceFen: 5199,
    body: (u) => bank(u, { amountFen: 5000 }),
    expected: { code: Code.InsufficientBalance, params: { available: '¥51.99', fee: '¥2.00' } },
  },
  {
    name: 'the balance exactly the amount and the minimum fee',
    balanceFen: 5200,
    body: (u) => bank(u, { amountFen: 5000 }),
    expected: created({ channel: PayeeChannel.Bank, amountFen: 5000, feeFen: 200, awaitingApproval: true }),
  },
  {
    name: 'the rate above the minimum fee, rounded up',
    balanceFen: 300_000,
    body: (u) => bank(u, { amountFen: 250_001 }),
    expected: created({ channel: PayeeChannel.Bank, amountFen: 250_001, feeFen: 251, awaitingApproval: true }),
  },
  {
    name: 'a rate with no minimum fee',
    balanceFen: 300_000,
    settings: ['update withdrawal_channels set fee_bp = 37, fee_min_fen = 0 where channel = 3'],
    undo: ['update withdrawal_channels set fee_bp = 10, fee_min_fen = 200 where channel = 3'],
    body: (u) => bank(u, { amountFen: 10_001 }),
    expected: created({ channel: PayeeChannel.Bank, amountFen: 10_001, feeFen: 38, awaitingApproval: true }),
  },
  {
    name: 'a minimum fee with no rate',
    balanceFen: 300_000,
    settings: ['update withdrawal_channels set fee_bp = 0, fee_min_fen = 150 where channel = 3'],
    undo: ['update withdrawal_channels set fee_bp = 10, fee_min_fen = 200 where channel = 3'],
    body: (u) => bank(u, { amountFen: 250_000 }),
    expected: created({ channel: PayeeChannel.Bank, amountFen: 250_000, feeFen: 150, awaitingApproval: true }),
  },
  {
    name: 'no fee at all on a channel that charges none',
    balanceFen: 300_000,
    settings: ['update withdrawal_channels set fee_bp = 0, fee_min_fen = 0 where channel = 3'],
    undo: ['update withdrawal_channels set fee_bp = 10, fee_min_fen = 200 where channel = 3'],
    body: (u) => bank(u, { amountFen: 250_000 }),
    expected: created({ channel: PayeeChannel.Bank, amountFen: 250_000, feeFen: 0, awaitingApproval: true }),
  },
  {
    name: 'above the maximum, and above the balance too',
    balanceFen: 10_000,
    body: (u) => alipay(u, { amountFen: 10_000_000 }),
    expected: { code: Code.InsufficientBalance, params: { available: '¥100.00', fee: '¥0.00' } },
  },
  {
    name: 'above the maximum, within the balance',
    balanceFen: 6_000_000,
    body: (u) => alipay(u, { amountFen: 5_000_001 }),
    expected: { code: Code.WithdrawalAboveMaximum, params: { max: '¥50,000.00' } },
  },
  {
    name: 'a withdrawal already open',
    arrange: firstThen((u) => alipay(u, { idempotencyKey: 'parity-key-0' })),
    body: alipay,
    expected: { code: Code.WithdrawalAlreadyOpen },
  },
  {
    name: 'the earlier withdrawal paid: a new one may open',
    arrange: firstThen(
      (u) => alipay(u, { idempotencyKey: 'parity-key-0' }),
      (u) => sql('update withdrawals set status = 1 where user_id = $1', [u.userId]),
    ),
    body: alipay,
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 2000, feeFen: 0, awaitingApproval: false }),
  },
  {
    name: 'automatic, within the daily limit: approved, weighed by the payout job, queued',
    body: alipay,
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 2000, feeFen: 0, awaitingApproval: false }),
  },
  {
    name: "automatic, past the user's daily limit set in the console: one approval",
    settings: [`insert into settings (key, value) values ('payoutLimits', '{"userDailyFen": 1999, "platformDailyFen": 100000000}')`],
    undo: [`delete from settings where key = 'payoutLimits'`],
    body: alipay,
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 2000, feeFen: 0, awaitingApproval: true }),
  },
  {
    name: "automatic, exactly the user's daily limit: approved",
    settings: [`insert into settings (key, value) values ('payoutLimits', '{"userDailyFen": 2000, "platformDailyFen": 100000000}')`],
    undo: [`delete from settings where key = 'payoutLimits'`],
    body: alipay,
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 2000, feeFen: 0, awaitingApproval: false }),
  },
  {
    name: 'the limit setting saved without the user figure: the configured default',
    settings: [`insert into settings (key, value) values ('payoutLimits', '{"platformDailyFen": 100000000}')`],
    undo: [`delete from settings where key = 'payoutLimits'`],
    balanceFen: 3_000_000,
    body: (u) => alipay(u, { amountFen: 400_000 }),
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 400_000, feeFen: 0, awaitingApproval: false }),
  },
  {
    name: 'above the second-approval threshold: two approvals',
    balanceFen: 3_000_000,
    body: (u) => alipay(u, { amountFen: 500_001 }),
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 500_001, feeFen: 0, awaitingApproval: true }),
  },
  {
    name: 'the same request three times at once: one withdrawal, three equal answers',
    together: 3,
    body: alipay,
    expected: created({ channel: PayeeChannel.Alipay, amountFen: 2000, feeFen: 0, awaitingApproval: false }),
  },
];

describe('a withdrawal decided in one statement answers as the checks one statement at a time did', () => {
  it.each(cases)('$name', async (c) => {
    const results = [];
    for (const [, path] of paths) {
      const user = await newUser(c.balanceFen === undefined ? 100_000 : c.balanceFen);
      for (const text of c.settings ?? []) await sql(text);
      try {
        await c.arrange?.(path, user);
        const platformBefore = await platformTotal();
        const outcomes = await Promise.all(Array.from({ length: c.together ?? 1 }, () => outcomeOf(path, user, c.body(user))));
        expect(new Set(outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
        results.push({ outcome: outcomes[0]!, effects: await effectsOf(user), platform: (await platformTotal()) - platformBefore });
      } finally {
        for (const text of c.undo ?? []) await sql(text);
        // One openid per login: the twin links it next.
        await sql('update users set wechat_openid = null where id = $1', [user.userId]);
      }
    }
    const [before, now] = results;
    if ('code' in c.expected) {
      expect(now!.outcome).toMatchObject({ error: { code: c.expected.code, ...(c.expected.params ? { params: c.expected.params } : {}) } });
    } else {
      expect(now!.outcome).toMatchObject({ record: c.expected.record });
    }
    expect(now).toEqual(before);
    expect(now!.platform).toBe(0);
  });

  it('books a withdrawal on the business day of lib/businessTime.ts, whatever the hour the cases above ran at', async () => {
    const { rows } = await sql(`select pg_get_functiondef('maika_extract'::regproc) as body`);
    expect(rows[0].body).toContain(`AT TIME ZONE '${BUSINESS_TIME_ZONE}'`);
  });

  it('leaves the automatic withdrawal as the payout job expects it: approved, weighed later, booked on the user’s day', async () => {
    const user = await newUser(100_000);
    await extract(server.deps, user.userId, alipay(user, { idempotencyKey: newKey() }));
    const { withdrawals, balances, transfers, days } = await effectsOf(user);
    expect(withdrawals).toEqual([
      expect.objectContaining({
        approvals_required: 0,
        approved: true,
        platform_limit_pending: true,
        payout_jobs: 1,
        holds_its_transfer: true,
        out_biz_no_is_order_no: true,
        payee_name: '张三丰',
        payee_account: '13800138000',
      }),
    ]);
    expect(balances).toEqual([
      { kind: 'user_available', balance_fen: 98_000 },
      { kind: 'user_held', balance_fen: 2000 },
    ]);
    expect(transfers.at(-1)).toEqual({
      idempotency_key: 'withdrawal:W:hold:1:',
      reason: 'withdrawal.hold',
      ref: 'withdrawal:W:',
      amount_fen: 2000,
      pending: true,
      debit: 'user_available',
      credit: 'user_held',
    });
    expect(days).toEqual([{ day: withdrawals[0]!.payout_day, amount_fen: 2000 }]);
  });
});
