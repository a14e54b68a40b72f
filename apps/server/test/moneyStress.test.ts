/**
 * First ledger accounts created while money moves: a referrer's accounts appear inside the credit
 * of a referee's card (the rebate), at the same moment as that referrer's own withdrawal, an
 * operator's adjustment and other users' withdrawals and credits. Every one must end in an
 * answer (never a database error or HTTP 500) and the ledger must balance.
 */
import { Code } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { retryingTransaction } from '../src/db/retry';
import { createAdmin } from './console';
import { adjustBalance } from '../src/modules/withdrawals';
import { creditCard } from '../src/modules/cards';
import { checkLedger, formatReport } from '../src/modules/ledger';
import { creditedCard, signUp } from './referralFixtures';
import { createTestServer, newKey, type TestServer } from './harness';
import { alipayPayee, credit, savePayee, verifiedUser } from './moneyFixtures';

let server: TestServer;
let financeId: number;
let phoneSeq = 0;
const nextPhone = () => `1370000${String((phoneSeq += 1)).padStart(4, '0')}`;

beforeAll(async () => {
  server = await createTestServer({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
  financeId = (await createAdmin(server.deps, 'stress-finance', 'finance', 'stress-finance-password-1')).id;
});

interface Withdrawer {
  token: string;
  userId: number;
  payeeId: number;
}

async function withdrawer(): Promise<Withdrawer> {
  const { token, userId } = await verifiedUser(server, nextPhone());
  return { token, userId, payeeId: await savePayee(server, token, alipayPayee) };
}

const withdraw = (w: Withdrawer, amountFen: number) =>
  server.call('POST', '/api/cash/extract', {
    token: w.token,
    body: { amountFen, channel: alipayPayee.channel, payeeId: w.payeeId, idempotencyKey: newKey() },
  });

/** What a withdrawal may answer under this load; anything else (1500, a thrown 500) fails the test. */
const withdrawalAnswers: number[] = [Code.Ok, Code.InsufficientBalance, Code.WithdrawalAlreadyOpen];

describe('first ledger accounts under concurrent credits and withdrawals', () => {
  it('answers every credit, withdrawal and adjustment, and keeps the ledger balanced', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Referrers with no ledger account yet: their first accounts come with a referee's credit.
      const referrers = await Promise.all(Array.from({ length: 6 }, () => withdrawer()));
      const referees = await Promise.all(
        referrers.map(async (r) => {
          const inviteCode = (await server.call('GET', '/api/user/getInfo', { token: r.token })).data.userinfo.inviteCode as string;
          return signUp(server, nextPhone(), inviteCode);
        }),
      );
      const cards = await Promise.all(
        referees.flatMap((e) => [creditedCard(server, e.id, 50_000, true), creditedCard(server, e.id, 30_000, true)]),
      );
      // Users with money, withdrawing while the credits run.
      const rich = await Promise.all(Array.from({ length: 4 }, () => withdrawer()));
      for (const w of rich) await credit(server.deps, w.userId, 100_000);

      const work: Promise<unknown>[] = [
        ...cards.map((id) => creditCard(server.deps, id)),
        ...referrers.map(async (r) => expect(withdrawalAnswers).toContain((await withdraw(r, 1_000)).code)),
        ...referrers.map((r) =>
          adjustBalance(server.deps, r.userId, { amountFen: 1_000, reason: 'goodwill', idempotencyKey: newKey() }, financeId),
        ),
        ...rich.map(async (w) => expect(withdrawalAnswers).toContain((await withdraw(w, 20_000)).code)),
        ...rich.map((w) => credit(server.deps, w.userId, 5_000)),
      ];
      const outcomes = await Promise.allSettled(work);
      const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String((o.reason as Error)?.message ?? o.reason)] : []));
      expect(failures).toEqual([]);
    }
    const report = await checkLedger(server.deps.database.db);
    expect(report.ok, formatReport(report)).toBe(true);
    const { rows } = await server.deps.database.pool.query(
      `select count(*)::int as n from cards where status = 1 and settlement_status = 1`,
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('a money transaction chosen as a deadlock victim', () => {
  it('runs again from the start, so both callers get their outcome', async () => {
    const pool = server.deps.database.pool;
    await pool.query('create table deadlock_probe (id int primary key, n int not null)');
    await pool.query('insert into deadlock_probe values (1, 0), (2, 0)');
    let attempts = 0;
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (bothArrived = resolve));
    // Each takes one row, waits until the other holds the other row, then asks for it: a deadlock.
    const crossing = (first: number, second: number) =>
      retryingTransaction(server.deps.database.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        if ((arrived += 1) === 2) bothArrived();
        await barrier;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
        return first;
      });
    expect(await Promise.all([crossing(1, 2), crossing(2, 1)])).toEqual([1, 2]);
    // Two first attempts and at least one more by the victim; the rows prove no attempt was counted twice.
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect((await pool.query('select n from deadlock_probe order by id')).rows).toEqual([{ n: 2 }, { n: 2 }]);
  });
});
