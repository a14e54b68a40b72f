/**
 * Withdrawals decided together (`maika_extract_together`, migration 0038): requests that arrive
 * while one is decided share the next statement and commit, and each is answered as if it had been
 * decided alone, in the order it was made.
 */
import { Code, PayeeChannel, WithdrawalStatus, type ExtractBody } from '@maika/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import { alipayPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import { AppError } from '../../http/envelope';
import { PAYOUT_QUEUE } from '../../jobs/queues';
import { createBatcher } from '../../lib/batcher';
import { checkLedger } from '../ledger';
import { decideWithdrawals, type ExtractRequest } from './extractRepo';
import { extract } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 100_000 } });
});
const sql = (text: string, values: unknown[] = []) => server.deps.database.pool.query(text, values);

let phones = 0;
/** A verified user with an Alipay payee and `balanceFen` credited. */
async function seller(balanceFen: number) {
  phones += 1;
  const { token, userId } = await verifiedUser(server, `1370000${String(phones).padStart(4, '0')}`);
  const payeeId = await savePayee(server, token, alipayPayee);
  if (balanceFen > 0) await credit(server.deps, userId, balanceFen);
  return { userId, payeeId };
}
const body = (payeeId: number, amountFen: number, idempotencyKey = newKey()): ExtractBody => ({
  amountFen,
  channel: PayeeChannel.Alipay,
  payeeId,
  idempotencyKey,
});
/** The withdrawal made, or the code of the refusal. */
const outcome = (made: Promise<{ id: number }>) =>
  made.then(
    (w) => ({ id: w.id }),
    (e: unknown) => {
      if (e instanceof AppError) return { code: e.code };
      throw e;
    },
  );
const balances = async (userId: number) =>
  (await sql(`select kind, balance_fen::int as fen from ledger_accounts where user_id = $1 and balance_fen <> 0 order by kind`, [userId]))
    .rows;

describe('withdrawals asked at once', () => {
  it('share a statement, and each is answered as if decided alone, in the order it was asked', async () => {
    const rich = await seller(100_000);
    const poor = await seller(1000);
    const once = await seller(3000); // enough for one withdrawal of 2000, not two
    const unverified = await seller(100_000);
    await sql('update users set id_num_enc = null where id = $1', [unverified.userId]);
    const statements = vi.spyOn(server.deps.database.pool, 'query');
    try {
      const key = newKey();
      const asked = [
        extract(server.deps, rich.userId, body(rich.payeeId, 2000, key)),
        extract(server.deps, poor.userId, body(poor.payeeId, 2000)),
        extract(server.deps, once.userId, body(once.payeeId, 2000)),
        extract(server.deps, rich.userId, body(rich.payeeId, 2000, key)),
        extract(server.deps, unverified.userId, body(unverified.payeeId, 2000)),
        extract(server.deps, once.userId, body(once.payeeId, 2000)),
        extract(server.deps, rich.userId, body(rich.payeeId, 2000)),
      ].map(outcome);
      const [richFirst, tooPoor, onceFirst, richRepeated, notVerified, onceSecond, richSecond] = await Promise.all(asked);

      expect(richFirst).toEqual({ id: expect.any(Number) });
      expect(richRepeated).toEqual(richFirst); // the repeated key answers the withdrawal its first request made
      expect(richSecond).toEqual({ code: Code.WithdrawalAlreadyOpen }); // one open withdrawal at a time (WITHDRAWAL_MAX_OPEN)
      expect(tooPoor).toEqual({ code: Code.InsufficientBalance });
      expect(notVerified).toEqual({ code: Code.RealNameRequired });
      expect(onceFirst).toEqual({ id: expect.any(Number) });
      expect(onceSecond).toEqual({ code: Code.InsufficientBalance }); // 1000 left after the first
      const sizes = statements.mock.calls
        .map(([query]) => query as unknown as { name?: string; values?: unknown[][] })
        .filter((query) => query.name === 'withdrawal_extract_together')
        .map((query) => query.values![0]!.length);
      expect(sizes).toEqual([1, 6]); // the first alone, the rest together while it ran
    } finally {
      statements.mockRestore();
    }

    const { rows } = await sql(
      `select user_id::int as "userId", count(*)::int as n, count(*) filter (where status = $2)::int as unpaid,
         (select count(*)::int from pgboss.job j where j.name = $3 and (j.data->>'withdrawalId')::bigint = any(array_agg(w.id))) as jobs
       from withdrawals w where user_id = any($1) group by user_id order by user_id`,
      [[rich.userId, poor.userId, once.userId, unverified.userId], WithdrawalStatus.Unpaid, PAYOUT_QUEUE],
    );
    expect(rows).toEqual([
      { userId: rich.userId, n: 1, unpaid: 1, jobs: 1 },
      { userId: once.userId, n: 1, unpaid: 1, jobs: 1 },
    ]);
    expect(await balances(rich.userId)).toEqual([
      { kind: 'user_available', fen: 98_000 },
      { kind: 'user_held', fen: 2000 },
    ]);
    expect(await balances(once.userId)).toEqual([
      { kind: 'user_available', fen: 1000 },
      { kind: 'user_held', fen: 2000 },
    ]);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('that fail together are decided again one by one: a request that cannot be made takes none of the others with it', async () => {
    const users = [await seller(10_000), await seller(10_000), await seller(10_000)];
    const rules = { maxOpen: 5, secondApprovalFen: 1_000_000, userDailyFen: 10_000_000, payoutQueue: PAYOUT_QUEUE };
    const batches: number[] = [];
    const decide = createBatcher((requests: ExtractRequest[]) => {
      batches.push(requests.length);
      return decideWithdrawals(server.deps.database.pool, requests, rules);
    }, 64);
    // The first two draw the same order number: together, the second's insert fails the whole statement.
    const orderNo = `W${Date.now()}00000001`.slice(0, 21);
    const request = (i: number, no: string): ExtractRequest => ({
      userId: users[i]!.userId,
      idempotencyKey: newKey(),
      channel: PayeeChannel.Alipay,
      payeeId: users[i]!.payeeId,
      amountFen: 2000,
      orderNo: no,
      wechat: false,
      accountEnc: null,
      accountMasked: null,
    });
    const warmUp = decide(request(2, `${orderNo.slice(0, -1)}9`));
    const answers = [request(0, orderNo), request(1, orderNo), request(2, `${orderNo.slice(0, -1)}8`)].map((r) =>
      decide(r).then(
        (a) => a.code,
        (e: { code?: string }) => e.code,
      ),
    );
    expect((await warmUp).code).toBe('created');
    expect(await Promise.all(answers)).toEqual(['created', '23505', 'created']);
    expect(batches).toEqual([1, 3, 1, 1, 1]);

    const made = async (i: number) =>
      (await sql('select count(*)::int as n from withdrawals where user_id = $1', [users[i]!.userId])).rows[0].n;
    expect([await made(0), await made(1), await made(2)]).toEqual([1, 0, 2]);
    expect(await balances(users[1]!.userId)).toEqual([{ kind: 'user_available', fen: 10_000 }]);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });
});
