/**
 * Card credits of different users run side by side on two instances: no platform account orders
 * them (platform clearing is debited by every credit, but never locked). Proved by locks, not by
 * the clock: while one transaction holds a credit open, 200 credits to 200 other users all
 * finish, and 200 credits to that transaction's own user all wait on it.
 */
import { CardStatus, SettlementStatus } from '@maika/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { CARD_CREDIT_QUEUE } from '../src/jobs/queues';
import { checkLedger, creditUser, formatReport, LedgerReason } from '../src/modules/ledger';
import { createTwoTestServers, eventually, newKey, type TestServer } from './harness';
import { creditedCard } from './referralFixtures';
import { cardsCreditedTwice } from './reliability/invariants';

const CARDS = 200;
const CARD_FEN = 1_000;
let server: TestServer;
let phoneSeq = 0;

beforeAll(async () => {
  // Two instances, both running the card pipeline; the second has a pool of 5 connections.
  [server] = await createTwoTestServers({ cardWorker: true, env: { CARD_CREDIT_CONCURRENCY: '4' } });
});

const pool = () => server.deps.database.pool;

async function newUser(): Promise<number> {
  phoneSeq += 1;
  const { rows } = await pool().query<{ id: number }>(
    `insert into users (phone, nickname, invite_code) values ($1, 'u', $2) returning id`,
    [`1360000${String(phoneSeq).padStart(4, '0')}`, `PAR${String(phoneSeq).padStart(4, '0')}`],
  );
  return rows[0]!.id;
}

/** Queues the credit of each card in one statement, as their passes would have. */
async function queueCredits(cardIds: number[]): Promise<void> {
  await pool().query(`select maika_enqueue($1, jsonb_build_object('cardId', id)) from unnest($2::bigint[]) id`, [
    CARD_CREDIT_QUEUE,
    cardIds,
  ]);
}

async function creditedCount(cardIds: number[]): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    `select count(*)::int as n from cards where id = any($1) and status = $2 and settlement_status = $3`,
    [cardIds, CardStatus.Passed, SettlementStatus.Credited],
  );
  return rows[0]!.n;
}

/** Sessions waiting on a lock that `pid` holds. */
async function blockedBy(pid: number): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`,
    [pid],
  );
  return rows[0]!.n;
}

/**
 * A credit to `userId` from platform clearing, left uncommitted until `release` is called: its
 * locks are held meanwhile. Resolves `opened` with its backend's pid once the transfer is made.
 */
function openCredit(userId: number) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let opened: (pid: number) => void = () => undefined;
  const pid = new Promise<number>((resolve) => (opened = resolve));
  const done = server.deps.database.db.transaction(async (tx: Tx) => {
    await creditUser(tx, {
      key: newKey(),
      userId,
      amountFen: CARD_FEN,
      reason: LedgerReason.CardSettlement,
      ref: 'card:held-open',
      from: 'platform_clearing',
    });
    const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    opened(rows[0]!.pid);
    await released;
  });
  return { pid, release, done };
}

describe('card credits on two instances', () => {
  it('to 200 different users all finish while another credit is held open', async () => {
    const holder = await newUser();
    const cardIds: number[] = [];
    for (let i = 0; i < CARDS; i += 1) cardIds.push(await creditedCard(server, await newUser(), CARD_FEN, true));
    const held = openCredit(holder);
    await held.pid;
    try {
      await queueCredits(cardIds);
      // Before, every credit locked platform clearing, which the open credit holds: none could finish.
      const all = await eventually(async () => (await creditedCount(cardIds)) === CARDS, { withinMs: 60_000, everyMs: 200 });
      expect(all, `${await creditedCount(cardIds)} of ${CARDS} credited while the other credit was open`).toBe(true);
      expect(await blockedBy(await held.pid)).toBe(0);
    } finally {
      held.release();
      await held.done;
    }
    const report = await checkLedger(server.deps.database.db);
    expect(report.ok, formatReport(report)).toBe(true);
    expect(await cardsCreditedTwice(pool())).toEqual([]);
  }, 150_000);

  it("to one user wait for that user's open credit, then all land once", async () => {
    const owner = await newUser();
    const cardIds: number[] = [];
    for (let i = 0; i < CARDS; i += 1) cardIds.push(await creditedCard(server, owner, CARD_FEN, true));
    const held = openCredit(owner);
    const pid = await held.pid;
    try {
      await queueCredits(cardIds);
      // The user's available account is the one row these credits share: they queue behind its lock.
      expect(await eventually(async () => (await blockedBy(pid)) > 0, { withinMs: 60_000 })).toBe(true);
      expect(await creditedCount(cardIds)).toBe(0);
    } finally {
      held.release();
      await held.done;
    }
    await eventually(async () => (await creditedCount(cardIds)) === CARDS, { everyMs: 200 });
    const { rows } = await pool().query<{ fen: number }>(
      `select balance_fen as fen from ledger_accounts where user_id = $1 and kind = 'user_available'`,
      [owner],
    );
    expect(rows[0]!.fen).toBe((CARDS + 1) * CARD_FEN);
    const report = await checkLedger(server.deps.database.db);
    expect(report.ok, formatReport(report)).toBe(true);
    expect(await cardsCreditedTwice(pool())).toEqual([]);
  }, 150_000);
});
