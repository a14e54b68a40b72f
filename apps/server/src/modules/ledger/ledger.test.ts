import { Code } from '@maika/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../http/envelope';
import { checkLedger } from './checkService';
import { accountBalances, rollUpPlatformBalances } from './repo';
import { hold, holdState, InsufficientFunds, LedgerReason, platformAccount, postHold, transfer, userAccounts, voidHold } from './service';

let database: Database;
const users: number[] = [];
beforeAll(async () => {
  database = (await createTestDatabase()).database;
  for (let i = 0; i < 6; i++) {
    const { rows } = await database.pool.query(`insert into users (phone, nickname, invite_code) values ($1, 'u', $2) returning id`, [
      `1390000000${i}`,
      `LEDG${i}A`,
    ]);
    users.push(rows[0].id);
  }
});

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => database.db.transaction(fn);
const creditFromClearing = (userId: number, amountFen: number, key: string) =>
  inTx(async (tx) =>
    transfer(tx, {
      key,
      debit: await platformAccount(tx, 'platform_clearing'),
      credit: (await userAccounts(tx, userId)).available,
      amountFen,
      reason: 'card.settlement',
      ref: 'card:1',
    }),
  );
const balances = (userId: number) => accountBalances(database.db, userId);

describe('transfers', () => {
  it('are idempotent: the same key and parameters return the first transfer and move money once', async () => {
    const first = await creditFromClearing(users[0]!, 1000, 'idem-1');
    const again = await creditFromClearing(users[0]!, 1000, 'idem-1');
    expect(first.created).toBe(true);
    expect(again).toEqual({ transfer: first.transfer, created: false });
    expect((await balances(users[0]!)).availableFen).toBe(1000);
  });

  it('refuse a key used before with other parameters', async () => {
    const reused = creditFromClearing(users[0]!, 999, 'idem-1');
    await expect(reused).rejects.toBeInstanceOf(AppError);
    await expect(reused).rejects.toMatchObject({ code: Code.IdempotencyKeyReused });
    expect((await balances(users[0]!)).availableFen).toBe(1000);
  });

  it('never take a user balance below zero, and roll back whole', async () => {
    const overdraw = inTx(async (tx) => {
      const { available } = await userAccounts(tx, users[0]!);
      return transfer(tx, {
        key: 'overdraw',
        debit: available,
        credit: await platformAccount(tx, 'fees'),
        amountFen: 1001,
        reason: 'test',
      });
    });
    await expect(overdraw).rejects.toBeInstanceOf(InsufficientFunds);
    expect((await balances(users[0]!)).availableFen).toBe(1000);
    const { rowCount } = await database.pool.query(`select 1 from ledger_transfers where idempotency_key = 'overdraw'`);
    expect(rowCount).toBe(0);
  });

  it('cannot make a user balance negative even with raw SQL (CHECK constraint)', async () => {
    await expect(
      database.pool.query(`update ledger_accounts set balance_fen = -1 where user_id = $1 and kind = 'user_available'`, [users[0]]),
    ).rejects.toThrow(/ledger_accounts_user_not_negative/);
  });

  it('are append-only: UPDATE, DELETE and TRUNCATE are refused by a trigger', async () => {
    await expect(database.pool.query(`update ledger_transfers set amount_fen = 1 where idempotency_key = 'idem-1'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(database.pool.query(`delete from ledger_transfers where idempotency_key = 'idem-1'`)).rejects.toThrow(/append-only/);
    await expect(database.pool.query(`truncate ledger_transfers cascade`)).rejects.toThrow(/append-only/);
  });
});

describe('pending transfers', () => {
  it('are posted or voided exactly once, however many try at the same time', async () => {
    const userId = users[1]!;
    await creditFromClearing(userId, 10_000, 'pending-credit');
    for (let round = 0; round < 5; round++) {
      const pending = await inTx((tx) => hold(tx, { key: `race-hold-${round}`, userId, amountFen: 1000, ref: `withdrawal:race${round}` }));
      const attempts = Array.from({ length: 8 }, (_, i) =>
        inTx((tx) => (i % 2 === 0 ? postHold(tx, { pendingId: pending.transfer.id, payoutFen: 900 }) : voidHold(tx, pending.transfer.id))),
      );
      const results = await Promise.allSettled(attempts);
      const state = await inTx((tx) => holdState(tx, pending.transfer.id));
      expect(state).not.toBe('pending');
      // Winners of the same kind returned the one resolution (idempotent key); the other kind was refused.
      const winners = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value);
      expect(new Set(winners).size).toBe(1);
      const { rows } = await database.pool.query(
        `select count(*)::int as n from ledger_transfers where pending_id = $1 and resolution is not null`,
        [pending.transfer.id],
      );
      expect(rows[0].n).toBe(1);
      // Each resolution under the reason the ledger names it by.
      const resolution = await database.pool.query(
        `select resolution, reason from ledger_transfers where pending_id = $1 and resolution is not null`,
        [pending.transfer.id],
      );
      expect(resolution.rows[0].reason).toBe(
        resolution.rows[0].resolution === 'post' ? LedgerReason.WithdrawalPayout : LedgerReason.WithdrawalVoid,
      );
    }
    const report = await checkLedger(database.db);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });
});

describe('a resolution repeated', () => {
  it('answers the first with the same amounts, refuses other amounts, and moves the money once', async () => {
    const userId = users[1]!;
    await creditFromClearing(userId, 2_000, 'repeat-credit');
    const before = await accountBalances(database.db, userId);
    const pending = await inTx((tx) => hold(tx, { key: 'repeat-hold', userId, amountFen: 1_000, ref: 'withdrawal:repeat' }));
    const posted = await inTx((tx) => postHold(tx, { pendingId: pending.transfer.id, payoutFen: 900 }));
    expect(await inTx((tx) => postHold(tx, { pendingId: pending.transfer.id, payoutFen: 900 }))).toBe(posted);
    const other = inTx((tx) => postHold(tx, { pendingId: pending.transfer.id, payoutFen: 800 }));
    await expect(other).rejects.toBeInstanceOf(AppError);
    await expect(other).rejects.toMatchObject({ code: Code.IdempotencyKeyReused });
    await expect(inTx((tx) => voidHold(tx, pending.transfer.id))).rejects.toMatchObject({
      cause: { constraint: 'ledger_transfers_resolved_once' },
    });
    // Held 1,000, paid out 900 with a fee of 100, once.
    expect(await accountBalances(database.db, userId)).toEqual({ availableFen: before.availableFen - 1_000, heldFen: before.heldFen });
    const { rows } = await database.pool.query(
      `select reason, amount_fen::int as fen from ledger_transfers where pending_id = $1 order by id`,
      [pending.transfer.id],
    );
    expect(rows).toEqual([
      { reason: LedgerReason.WithdrawalPayout, fen: 900 },
      { reason: LedgerReason.WithdrawalFee, fen: 100 },
    ]);
  });
});

describe('platform accounts', () => {
  const stored = async (kind: string) =>
    (await database.pool.query<{ fen: number }>(`select balance_fen as fen from ledger_accounts where kind = $1`, [kind])).rows[0]!.fen;
  const derived = async (kind: string) =>
    (await database.pool.query<{ fen: number }>(`select balance_fen as fen from ledger_account_balances where kind = $1`, [kind])).rows[0]!
      .fen;

  it('are neither locked nor written by a transfer: its platform side is a delta', async () => {
    const client = await database.pool.connect();
    try {
      // A rollup under way holds platform clearing's row as an update of its balance does; no credit waits for it.
      await client.query('begin');
      await client.query(`select id from ledger_accounts where kind = 'platform_clearing' for no key update`);
      const before = await stored('platform_clearing');
      const { transfer: t } = await creditFromClearing(users[5]!, 700, 'platform-unlocked');
      const { rows } = await database.pool.query(
        `select a.kind, d.amount_fen as "amountFen" from ledger_platform_deltas d join ledger_accounts a on a.id = d.account_id
         order by d.id desc limit 1`,
      );
      expect(rows[0]).toEqual({ kind: 'platform_clearing', amountFen: -700 });
      expect(t.amountFen).toBe(700);
      await client.query('commit');
      expect(await stored('platform_clearing')).toBe(before);
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  });

  it('get their deltas folded into the stored balance by the rollup, the derived balance unchanged', async () => {
    await creditFromClearing(users[5]!, 300, 'rollup-credit');
    const derivedBefore = await derived('platform_clearing');
    expect(await rollUpPlatformBalances(database.db)).toBeGreaterThan(0);
    expect((await database.pool.query('select count(*)::int as n from ledger_platform_deltas')).rows[0].n).toBe(0);
    expect(await stored('platform_clearing')).toBe(derivedBefore);
    expect(await derived('platform_clearing')).toBe(derivedBefore);
    expect(await rollUpPlatformBalances(database.db)).toBe(0);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('keep their deltas as money: an UPDATE or TRUNCATE of them is refused', async () => {
    await creditFromClearing(users[5]!, 100, 'delta-fixed');
    await expect(database.pool.query(`update ledger_platform_deltas set amount_fen = 0`)).rejects.toThrow(/only appended/);
    await expect(database.pool.query(`truncate ledger_platform_deltas`)).rejects.toThrow(/only appended/);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});

describe('invariants', () => {
  it('hold after any random sequence of credits, holds, posts, voids and adjustments', async () => {
    let run = 0;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), user: fc.nat(3), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ kind: fc.constant('hold' as const), user: fc.nat(3), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ kind: fc.constant('resolve' as const), post: fc.boolean(), fee: fc.nat(500) }),
      fc.record({ kind: fc.constant('debit' as const), user: fc.nat(3), amount: fc.integer({ min: 1, max: 50_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const open: { id: number; amount: number }[] = [];
        for (const [i, o] of ops.entries()) {
          const key = `prop-${run}-${i}`;
          const userId = users[2 + ('user' in o ? o.user : 0)]!;
          await inTx(async (tx) => {
            if (o.kind === 'credit') await creditFromClearing(userId, o.amount, key);
            if (o.kind === 'hold') {
              const h = await hold(tx, { key, userId, amountFen: o.amount, ref: `withdrawal:${key}` });
              open.push({ id: h.transfer.id, amount: o.amount });
            }
            if (o.kind === 'debit') {
              const { available } = await userAccounts(tx, userId);
              await transfer(tx, {
                key,
                debit: available,
                credit: await platformAccount(tx, 'platform_clearing'),
                amountFen: o.amount,
                reason: 'adjustment',
              });
            }
            if (o.kind === 'resolve' && open.length > 0) {
              const h = open.shift()!;
              if (o.post) await postHold(tx, { pendingId: h.id, payoutFen: Math.max(1, h.amount - Math.min(o.fee, h.amount - 1)) });
              else await voidHold(tx, h.id);
            }
          }).catch((e: unknown) => {
            if (!(e instanceof InsufficientFunds)) throw e;
          });
        }
        const report = await checkLedger(database.db);
        expect(report.checks.filter((c) => !c.ok)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('the check finds a corrupted ledger', async () => {
    expect((await checkLedger(database.db)).ok).toBe(true);
    // A balance edited behind the ledger's back (the one table change the trigger does not stop).
    await database.pool.query(`update ledger_accounts set balance_fen = balance_fen + 1 where kind = 'fees'`);
    const report = await checkLedger(database.db);
    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'the balances of all accounts sum to 0',
      "each account's balance equals its credits minus its debits",
    ]);
    await database.pool.query(`update ledger_accounts set balance_fen = balance_fen - 1 where kind = 'fees'`);
  });

  it('the check finds a delta written for a user account', async () => {
    const { rows } = await database.pool.query(
      `insert into ledger_platform_deltas (account_id, amount_fen)
       select id, 1 from ledger_accounts where user_id = $1 and kind = 'user_available' returning id`,
      [users[0]],
    );
    const report = await checkLedger(database.db);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toContain(
      'every platform delta not yet rolled up belongs to a platform account',
    );
    await database.pool.query(`delete from ledger_platform_deltas where id = $1`, [rows[0].id]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it("the check finds a user's count of open withdrawals edited behind the trigger's back", async () => {
    await database.pool.query(`insert into withdrawal_open_counts (user_id, open) values ($1, 1)`, [users[0]]);
    const report = await checkLedger(database.db);
    expect(report.checks.filter((c) => !c.ok)).toEqual([
      {
        name: "each user's count of open withdrawals is what their withdrawals give",
        ok: false,
        violations: [`user ${users[0]} has 1 open withdrawals counted and 0 open`],
      },
    ]);
    await database.pool.query(`delete from withdrawal_open_counts where user_id = $1`, [users[0]]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
