import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness';
import type { Tx } from '../../db/client';
import { creditCard } from '../cards';
import { checkLedger } from '../ledger';
import { setRebateRate } from './adminService';
import { creditRebateForCard } from './rebateService';
import { readReferralSettings } from './settingsService';
import { creditedCard, signUp } from '../../../test/referralFixtures';

let server: TestServer;
let phone = 13720000000;
const nextPhone = () => String((phone += 1));
beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
});

const inTx = <T>(run: (tx: Tx) => Promise<T>) => server.deps.database.db.transaction(run);
const rate = { rebateRateBp: 500 };

/** A referrer and a referee bound at sign-up. */
async function pair() {
  const referrer = await signUp(server, nextPhone());
  const referee = await signUp(server, nextPhone(), referrer.inviteCode);
  return { referrer, referee };
}
const credit = (cardId: number, refereeUserId: number, settlementFen: number, source: Parameters<typeof creditRebateForCard>[1] = rate) =>
  inTx((tx) => creditRebateForCard(tx, source, { cardId, refereeUserId, settlementFen }));
const available = async (token: string) => (await server.call('GET', '/api/cash/getAccount', { token })).data.availableFen as number;
const transfersOf = async (key: string) =>
  (await server.deps.database.pool.query('select amount_fen, reason, ref from ledger_transfers where idempotency_key = $1', [key])).rows;

describe('creditRebateForCard', () => {
  it('pays the referrer floor(settlement × rate) once, as its own ledger transfer from the rebates account', async () => {
    const { referrer, referee } = await pair();
    const cardId = await creditedCard(server, referee.id, 9_999);
    const first = await credit(cardId, referee.id, 9_999);
    expect(first).toMatchObject({
      outcome: 'credited',
      rebate: { amountFen: 499, rateBp: 500, referrerId: referrer.id, status: 'credited' },
    });
    expect(await credit(cardId, referee.id, 9_999)).toMatchObject({ outcome: 'already' });
    expect(await transfersOf(`card:${cardId}:rebate`)).toEqual([{ amount_fen: 499, reason: 'rebate', ref: `card:${cardId}` }]);
    expect(await available(referrer.token)).toBe(499);
    expect((await server.call('GET', '/api/cash/getAccount', { token: referrer.token })).data.rebateTotalFen).toBe(499);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('pays once when two settlements of the same card race', async () => {
    const { referrer, referee } = await pair();
    const cardId = await creditedCard(server, referee.id, 20_000);
    const results = await Promise.all([
      credit(cardId, referee.id, 20_000),
      credit(cardId, referee.id, 20_000),
      credit(cardId, referee.id, 20_000),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['already', 'already', 'credited']);
    expect(await transfersOf(`card:${cardId}:rebate`)).toHaveLength(1);
    expect(await available(referrer.token)).toBe(1_000);
  });

  it('skips an amount that rounds to 0 fen, a user without referrer and an inactive referrer, writing nothing', async () => {
    const { referrer, referee } = await pair();
    const small = await creditedCard(server, referee.id, 19);
    expect(await credit(small, referee.id, 19)).toEqual({ outcome: 'skipped', reason: 'zero_amount' });
    const loner = await signUp(server, nextPhone());
    const own = await creditedCard(server, loner.id, 10_000);
    expect(await credit(own, loner.id, 10_000)).toEqual({ outcome: 'skipped', reason: 'no_referrer' });
    await server.deps.database.pool.query(`update users set status = 'frozen' where id = $1`, [referrer.id]);
    const later = await creditedCard(server, referee.id, 10_000);
    expect(await credit(later, referee.id, 10_000)).toEqual({ outcome: 'skipped', reason: 'referrer_inactive' });
    const rows = await server.deps.database.pool.query('select count(*)::int as n from rebates where card_id = any($1)', [
      [small, own, later],
    ]);
    expect(rows.rows[0].n).toBe(0);
    expect(await transfersOf(`card:${later}:rebate`)).toHaveLength(0);
  });

  it('pays at the rate stored in the referral settings', async () => {
    const { referee } = await pair();
    await server.deps.database.pool.query(
      `insert into settings (key, value) values ('foundation', '{"rebateRateBp": 250}') on conflict (key) do update set value = settings.value || '{"rebateRateBp": 250}'`,
    );
    const cardId = await creditedCard(server, referee.id, 10_000);
    expect(await credit(cardId, referee.id, 10_000, await readReferralSettings(server.deps.database.db))).toMatchObject({
      outcome: 'credited',
      rebate: { rateBp: 250, amountFen: 250 },
    });
  });
});

describe('card settlement', () => {
  it("credits the referrer's rebate in the card's own credit transaction, once however often it runs", async () => {
    const { referrer, referee } = await pair();
    const cardId = await creditedCard(server, referee.id, 30_000, true);
    const runs = await Promise.all([creditCard(server.deps, cardId), creditCard(server.deps, cardId)]);
    expect(runs.sort()).toEqual(['credited', 'skipped']);
    expect(await available(referee.token)).toBe(30_000);
    // The default rate (100 bp) unless a test above stored another one.
    const rebate = await server.deps.database.pool.query('select amount_fen, rate_bp from rebates where card_id = $1', [cardId]);
    expect(rebate.rows[0].amount_fen).toBe((30_000 * rebate.rows[0].rate_bp) / 10_000);
    expect(await available(referrer.token)).toBe(rebate.rows[0].amount_fen);
    expect(await transfersOf(`card:${cardId}:rebate`)).toHaveLength(1);
  });
});

describe('the rate a card credit pays', () => {
  it('is the one the administrator set last, read when the card is credited', async () => {
    const { referrer, referee } = await pair();
    const cardId = await creditedCard(server, referee.id, 10_000, true);
    await setRebateRate(server.deps, 730);
    expect(await creditCard(server.deps, cardId)).toBe('credited');
    const rebate = await server.deps.database.pool.query('select amount_fen, rate_bp from rebates where card_id = $1', [cardId]);
    expect(rebate.rows[0]).toEqual({ amount_fen: 730, rate_bp: 730 });
    expect(await available(referrer.token)).toBe(730);
  });
});
