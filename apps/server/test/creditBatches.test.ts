/**
 * Card credits as sets (cards/settleService.ts `creditCards`): a worker's batch is credited in a few
 * statements per chunk, and must still credit each passed card exactly once, with its rebate, never
 * to a cancelled account, telling each order's seller and merchant once. Two instances run the card
 * pipeline here, so jobs delivered twice are taken by either.
 */
import { applyRateBp, Code, messageTypeTable, SettlementStatus } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_CREDIT_QUEUE, MERCHANT_CALLBACK_QUEUE } from '../src/jobs/queues';
import { creditCards } from '../src/modules/cards';
import { checkLedger, formatReport } from '../src/modules/ledger';
import { readReferralSettings } from '../src/modules/referrals';
import { createTwoTestServers, eventually, type TestServer } from './harness';
import { cardsCreditedTwice } from './reliability/invariants';

let server: TestServer;
let phoneSeq = 0;
let cardTypeId: number;

beforeAll(async () => {
  [server] = await createTwoTestServers({ cardWorker: true, env: { CARD_CREDIT_CONCURRENCY: '4' } });
  const category = await pool().query<{ id: number }>(`insert into categories (name) values ('话费卡') returning id`);
  const type = await pool().query<{ id: number }>(`insert into card_types (category_id, name) values ($1, '移动充值卡') returning id`, [
    category.rows[0]!.id,
  ]);
  cardTypeId = type.rows[0]!.id;
});

const pool = () => server.deps.database.pool;

async function newUser(o: { referrerId?: number; status?: 'active' | 'cancelled' } = {}): Promise<number> {
  phoneSeq += 1;
  const { rows } = await pool().query<{ id: number }>(
    `insert into users (phone, nickname, invite_code, referrer_id, status) values ($1, 'u', $2, $3, $4) returning id`,
    [`1350000${String(phoneSeq).padStart(4, '0')}`, `BAT${String(phoneSeq).padStart(4, '0')}`, o.referrerId ?? null, o.status ?? 'active'],
  );
  return rows[0]!.id;
}

/** An order of passed cards waiting for their credit (or in `settlementStatus`), one per amount. */
async function passedOrder(userId: number, fens: number[], settlementStatus: SettlementStatus = SettlementStatus.PendingCredit) {
  const suffix = randomBytes(6).toString('hex');
  const order = await pool().query<{ id: number }>(
    `insert into card_orders (order_no, user_id, idempotency_key, card_type_id, face_value_fen, rate_bp, card_count)
     values ($1, $2, $3, $4, $5, 10000, $6) returning id`,
    [`B${suffix}`, userId, `key-${suffix}`, cardTypeId, fens[0], fens.length],
  );
  const orderId = order.rows[0]!.id;
  const ids: number[] = [];
  for (const [i, fen] of fens.entries()) {
    const card = await pool().query<{ id: number }>(
      `insert into cards (order_id, user_id, card_type_id, line_no, card_pwd_enc, masked_no, fingerprint, status, settlement_status,
                          declared_face_value_fen, actual_face_value_fen, settlement_rate_bp, settlement_fen, channel)
       values ($1, $2, $3, $4, $5, '****1234', $6, 1, $7, $8, $8, 10000, $8, 'sim') returning id`,
      [orderId, userId, cardTypeId, i + 1, randomBytes(16), randomBytes(32), settlementStatus, fen],
    );
    ids.push(card.rows[0]!.id);
  }
  return { orderId, ids };
}

/** A merchant's order around a card order, as the merchant API leaves it. */
async function makeMerchantOrder(ownerId: number, cardOrderId: number): Promise<number> {
  const merchant = await pool().query<{ id: number }>(
    `insert into merchants (user_id, name, contact, monthly_volume) values ($1, 'Batch merchant', 'ops', 100) returning id`,
    [ownerId],
  );
  const order = await pool().query<{ id: number }>(
    `insert into merchant_orders (merchant_id, merchant_order_no, request_hash, card_order_id) values ($1, $2, $3, $4) returning id`,
    [merchant.rows[0]!.id, `M${cardOrderId}`, randomBytes(32), cardOrderId],
  );
  return order.rows[0]!.id;
}

const available = async (userId: number): Promise<number> =>
  (
    await pool().query<{ fen: number }>(`select balance_fen as fen from ledger_accounts where user_id = $1 and kind = 'user_available'`, [
      userId,
    ])
  ).rows[0]?.fen ?? 0;

const settlementOf = async (cardId: number): Promise<number> =>
  (await pool().query<{ s: number }>('select settlement_status as s from cards where id = $1', [cardId])).rows[0]!.s;

const transfersOf = async (key: string): Promise<number> =>
  (await pool().query<{ n: number }>('select count(*)::int as n from ledger_transfers where idempotency_key = $1', [key])).rows[0]!.n;

const orderDecidedMessages = async (orderId: number): Promise<number> =>
  (
    await pool().query<{ n: number }>('select count(*)::int as n from messages where type = $1 and subject = $2', [
      messageTypeTable.byKey('orderDecided')!.code,
      `order:${orderId}`,
    ])
  ).rows[0]!.n;

async function ledgerHolds(): Promise<void> {
  const report = await checkLedger(server.deps.database.db);
  expect(report.ok, formatReport(report)).toBe(true);
  expect(await cardsCreditedTwice(pool())).toEqual([]);
}

describe('a batch of card credits', () => {
  it('credits exactly its passed, pending cards once: with their rebates, never to a cancelled owner, each order told once', async () => {
    const { rebateRateBp } = await readReferralSettings(server.deps.database.db);
    const referrer = await newUser();
    const referee = await newUser({ referrerId: referrer });
    const twoCards = await newUser();
    const cancelled = await newUser({ status: 'cancelled' });
    const merchantSeller = await newUser();
    const others = [await newUser(), await newUser(), await newUser()];

    const [alreadyCredited] = (await passedOrder(twoCards, [7_000])).ids;
    expect([...(await creditCards(server.deps, [alreadyCredited!]))]).toEqual([alreadyCredited]);
    const frozen = await passedOrder(twoCards, [3_000], SettlementStatus.Frozen);
    const ofCancelled = await passedOrder(cancelled, [4_000]);
    const ofReferee = await passedOrder(referee, [10_001]);
    const both = await passedOrder(twoCards, [1_000, 2_000]);
    const merchantCards = await passedOrder(merchantSeller, [5_000, 6_000]);
    const merchantOrderId = await makeMerchantOrder(merchantSeller, merchantCards.orderId);
    const ofOthers = await Promise.all(others.map((u, i) => passedOrder(u, [100 * (i + 1)])));
    const ofReferrer = await passedOrder(referrer, [500]); // their own card and their rebate: one account, raised once

    const due = [...ofReferee.ids, ...both.ids, ...merchantCards.ids, ...ofOthers.flatMap((o) => o.ids), ...ofReferrer.ids];
    const batch = [alreadyCredited!, ...frozen.ids, ...ofCancelled.ids, ...due].reverse();
    const credited = await creditCards(server.deps, batch);

    expect([...credited].sort((a, b) => a - b)).toEqual(due.sort((a, b) => a - b));
    expect(await available(referee)).toBe(10_001);
    expect(await available(referrer)).toBe(500 + applyRateBp(10_001, rebateRateBp));
    expect(await transfersOf(`card:${ofReferee.ids[0]}:rebate`)).toBe(1);
    expect((await pool().query('select amount_fen from rebates where card_id = $1', [ofReferee.ids[0]])).rows).toEqual([
      { amount_fen: applyRateBp(10_001, rebateRateBp) },
    ]);
    expect(await available(twoCards)).toBe(7_000 + 3_000);
    expect(await available(merchantSeller)).toBe(11_000);
    expect(await Promise.all(others.map(available))).toEqual([100, 200, 300]);
    // Skipped exactly as one card at a time skips them.
    expect(await available(cancelled)).toBe(0);
    expect(await settlementOf(ofCancelled.ids[0]!)).toBe(SettlementStatus.PendingCredit);
    expect(await settlementOf(frozen.ids[0]!)).toBe(SettlementStatus.Frozen);
    expect(await transfersOf(`card:${frozen.ids[0]}:settlement`)).toBe(0);
    expect(await transfersOf(`card:${alreadyCredited}:settlement`)).toBe(1);
    for (const id of due) expect(await transfersOf(`card:${id}:settlement`)).toBe(1);
    // One completion message per order, one callback due per merchant order.
    expect(await orderDecidedMessages(both.orderId)).toBe(1);
    expect(await orderDecidedMessages(merchantCards.orderId)).toBe(1);
    expect(await orderDecidedMessages(ofCancelled.orderId)).toBe(0);
    const merchantOrder = await pool().query('select notify_version, callback_due_at from merchant_orders where id = $1', [
      merchantOrderId,
    ]);
    expect(merchantOrder.rows[0]).toMatchObject({ notify_version: 1, callback_due_at: expect.any(Date) });
    const callbackJobs = await pool().query(
      `select count(*)::int as n from pgboss.job where name = $1 and (data->>'merchantOrderId')::bigint = $2`,
      [MERCHANT_CALLBACK_QUEUE, merchantOrderId],
    );
    expect(callbackJobs.rows[0].n).toBe(1);
    await ledgerHolds();
  });

  it('credited twice, as a job delivered twice or taken by both instances, credits nothing the second time', async () => {
    const referrer = await newUser();
    const sellers = [await newUser({ referrerId: referrer }), await newUser(), await newUser({ referrerId: referrer })];
    const orders = await Promise.all(sellers.map((u) => passedOrder(u, [1_000, 2_000, 3_000])));
    const ids = orders.flatMap((o) => o.ids);

    // The same set twice at once, then once more: each card in exactly one of the answers.
    const [first, second] = await Promise.all([creditCards(server.deps, ids), creditCards(server.deps, [...ids].reverse())]);
    expect([...first, ...second].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect((await creditCards(server.deps, ids)).size).toBe(0);

    // And through the workers of both instances: every card's job queued twice more.
    await pool().query(`select maika_enqueue($1, jsonb_build_object('cardId', id)) from unnest($2::bigint[]) id, generate_series(1, 2)`, [
      CARD_CREDIT_QUEUE,
      ids,
    ]);
    const settled = await eventually(
      async () =>
        (
          await pool().query<{ n: number }>(
            `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')
               and (data->>'cardId')::bigint = any($2::bigint[])`,
            [CARD_CREDIT_QUEUE, ids],
          )
        ).rows[0]!.n === 0,
      { withinMs: 60_000, everyMs: 100 },
    );
    expect(settled).toBe(true);
    expect(await Promise.all(sellers.map(available))).toEqual([6_000, 6_000, 6_000]);
    const { rebateRateBp } = await readReferralSettings(server.deps.database.db);
    expect(await available(referrer)).toBe(2 * [1_000, 2_000, 3_000].reduce((sum, fen) => sum + applyRateBp(fen, rebateRateBp), 0));
    for (const id of ids) expect(await transfersOf(`card:${id}:settlement`)).toBe(1);
    for (const o of orders) expect(await orderDecidedMessages(o.orderId)).toBe(1);
    await ledgerHolds();
  });

  it('run as two overlapping batches at once, credits every card once and each balance by its cards', async () => {
    const sellers = await Promise.all(Array.from({ length: 8 }, () => newUser()));
    const orders = await Promise.all(sellers.flatMap((u) => [passedOrder(u, [100, 200, 300, 400, 500]), passedOrder(u, [600, 700])]));
    const ids = orders.flatMap((o) => o.ids).sort((a, b) => a - b);
    // Overlapping halves, and the overlap in both orders, as two instances' batches may hold them.
    const a = ids.slice(0, 80);
    const b = ids.slice(30).reverse();
    const [first, second] = await Promise.all([creditCards(server.deps, a), creditCards(server.deps, b)]);
    expect([...first].filter((id) => second.has(id))).toEqual([]);
    expect([...first, ...second].sort((x, y) => x - y)).toEqual(ids);
    expect(await Promise.all(sellers.map(available))).toEqual(sellers.map(() => 2_800));
    for (const o of orders) expect(await orderDecidedMessages(o.orderId)).toBe(1);
    await ledgerHolds();
  });

  it('fails a card whose settlement key was used with another amount, alone: the rest of its batch is credited', async () => {
    const seller = await newUser();
    const { ids } = await passedOrder(seller, [1_000, 2_000, 3_000]);
    const clearing = (await pool().query<{ id: number }>(`select id from ledger_accounts where kind = 'platform_clearing'`)).rows[0]!.id;
    await pool().query(
      `insert into ledger_accounts (kind, user_id) values ('user_available', $1), ('user_held', $1) on conflict do nothing`,
      [seller],
    );
    const account = (
      await pool().query<{ id: number }>(`select id from ledger_accounts where user_id = $1 and kind = 'user_available'`, [seller])
    ).rows[0]!.id;
    // The key of the second card, already used for 1 fen (with the balance it gave).
    await pool().query(
      `with t as (insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_fen, reason, ref)
                  values ($1, $2, $3, 1, 'card.settlement', $4) returning 1)
       update ledger_accounts set balance_fen = balance_fen + 1 where id = $3`,
      [`card:${ids[1]}:settlement`, clearing, account, `card:${ids[1]}`],
    );
    await expect(creditCards(server.deps, ids)).rejects.toMatchObject({ code: Code.IdempotencyKeyReused });
    expect(await settlementOf(ids[0]!)).toBe(SettlementStatus.Credited);
    expect(await settlementOf(ids[1]!)).toBe(SettlementStatus.PendingCredit);
    expect(await settlementOf(ids[2]!)).toBe(SettlementStatus.Credited);
    expect(await available(seller)).toBe(1 + 1_000 + 3_000);
    // The ledger itself still balances (the card left pending with its odd transfer is for an operator).
    const report = await checkLedger(server.deps.database.db);
    expect(report.ok, formatReport(report)).toBe(true);
  });
});
