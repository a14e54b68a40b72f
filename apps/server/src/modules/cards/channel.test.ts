import { CardStatus, Code, contract, SettlementStatus, type Locale } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import {
  createCardType,
  freshCard,
  submit,
  supplierCallback,
  type CardTypeFixture,
  type SupplierCallback,
} from '../../../test/cardFixtures';
import { createTestServer, type TestServer } from '../../../test/harness';
import { CARD_CREDIT_QUEUE, CARD_SUBMIT_QUEUE } from '../../jobs/queues';
import { creditCard } from './settleService';
import { pollCards } from './channelService';

let server: TestServer;
let alice: string;
let type: CardTypeFixture;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);

beforeAll(async () => {
  server = await createTestServer();
  alice = await server.login('13800000011');
  type = await createCardType(server);
});

/** Submits one card and returns its id. */
async function oneCard(card = freshCard(), faceValueFen = 10_000): Promise<number> {
  const { data } = await submit(server, alice, type.id, [card], faceValueFen);
  const { rows } = await sql('select id from cards where order_id = $1', [data.orderId]);
  return rows[0].id;
}

const callback = (s: SupplierCallback) => supplierCallback(server, s);

const passed = (cardId: number, extra: object = {}) => JSON.stringify({ ref: String(cardId), outcome: 'passed', ...extra });
const cardRow = async (id: number) => (await sql('select * from cards where id = $1', [id])).rows[0];
const settlementTransfers = async (id: number) =>
  (await sql(`select amount_fen from ledger_transfers where idempotency_key = $1`, [`card:${id}:settlement`])).rows;

describe('callback authentication', () => {
  it('changes nothing for a forged signature, a stale timestamp or a replayed nonce', async () => {
    const id = await oneCard();
    const body = passed(id);
    expect(await callback({ body, secret: 'not-the-secret' })).toMatchObject({ code: Code.ChannelSignatureInvalid });
    expect(await callback({ body, signature: 'x' })).toMatchObject({ code: Code.ChannelSignatureInvalid });
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    expect(await callback({ body, timestamp: stale })).toMatchObject({ code: Code.ChannelTimestampStale });
    expect((await cardRow(id)).status).toBe(CardStatus.Unreviewed);

    const nonce = randomBytes(12).toString('hex');
    const reject = JSON.stringify({ ref: String(id), outcome: 'rejected', reason: 'used' });
    expect(await callback({ body: reject, nonce })).toMatchObject({ code: Code.Ok, data: { result: 'applied' } });
    await sql('update cards set status = 0 where id = $1', [id]);
    expect(await callback({ body: reject, nonce })).toMatchObject({ code: Code.ChannelNonceReplayed });
    expect((await cardRow(id)).status).toBe(CardStatus.Unreviewed);
  });

  it('refuses an unknown channel and a card it does not know', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/channel/callback/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.json().code).toBe(Code.ChannelUnknown);
    expect(await callback({ body: passed(987654321) })).toMatchObject({ code: Code.NotFound });
    expect(await callback({ body: '{"ref":1}' })).toMatchObject({ code: Code.InvalidInput });
  });
});

describe('settlement', () => {
  it('credits once when the same verdict arrives twice', async () => {
    const id = await oneCard();
    expect(await callback({ body: passed(id) })).toMatchObject({ data: { result: 'applied' } });
    expect(await callback({ body: passed(id) })).toMatchObject({ data: { result: 'ignored' } });
    expect(await cardRow(id)).toMatchObject({
      status: CardStatus.Passed,
      settlement_status: SettlementStatus.PendingCredit,
      settlement_fen: 9500,
    });
    expect(await creditCard(server.deps, id)).toBe('credited');
    expect(await creditCard(server.deps, id)).toBe('skipped');
    expect(await settlementTransfers(id)).toEqual([{ amount_fen: 9500 }]);
    expect((await cardRow(id)).settlement_status).toBe(SettlementStatus.Credited);
  });

  it('credits once when two callbacks and two credit jobs race', async () => {
    const id = await oneCard();
    const results = await Promise.all([callback({ body: passed(id) }), callback({ body: passed(id) })]);
    expect(results.map((r) => r.data.result).sort()).toEqual(['applied', 'ignored']);
    const credits = await Promise.all([creditCard(server.deps, id), creditCard(server.deps, id), creditCard(server.deps, id)]);
    expect(credits.filter((c) => c === 'credited')).toHaveLength(1);
    expect(await settlementTransfers(id)).toHaveLength(1);
  });

  it('settles a card worth something else at the actual value, at that face value’s rate', async () => {
    const half = await oneCard();
    await callback({ body: passed(half, { actualFaceValueFen: 5_000 }) });
    expect(await cardRow(half)).toMatchObject({ actual_face_value_fen: 5_000, settlement_rate_bp: 9000, settlement_fen: 4500 });
    // 30 yuan is no face value of this type: the order's rate (95 %) applies.
    const odd = await oneCard();
    await callback({ body: passed(odd, { actualFaceValueFen: 3_000 }) });
    expect(await cardRow(odd)).toMatchObject({ actual_face_value_fen: 3_000, settlement_rate_bp: 9500, settlement_fen: 2850 });
    await creditCard(server.deps, half);
    expect(await settlementTransfers(half)).toEqual([{ amount_fen: 4500 }]);
  });

  it('records rejections with their reason, which frees the card for a new submission', async () => {
    const card = freshCard();
    const id = await oneCard(card);
    await callback({ body: JSON.stringify({ ref: String(id), outcome: 'rejected', reason: '卡号与卡密不匹配' }) });
    expect(await cardRow(id)).toMatchObject({ status: CardStatus.Rejected, reject_reason: '卡号与卡密不匹配', settlement_status: 0 });
    expect((await submit(server, alice, type.id, [card])).code).toBe(Code.Ok);
  });

  it('shows a supplier reason in words it knows in the reader language, and any other as the supplier said it', async () => {
    const used = await oneCard();
    await callback({ body: JSON.stringify({ ref: String(used), outcome: 'rejected', reason: '卡密已被使用' }) });
    const dormant = await oneCard();
    await callback({ body: JSON.stringify({ ref: String(dormant), outcome: 'notActivated', reason: '卡未激活' }) });
    const other = await oneCard();
    await callback({ body: JSON.stringify({ ref: String(other), outcome: 'rejected', reason: '卡号与卡密不匹配' }) });
    expect(await cardRow(used)).toMatchObject({ reject_reason: null, reject_reason_key: 'card.supplier.used' });

    const reasons = async (lang: Locale) => {
      // The list carries cards when filtered by their status: both statuses these cards reached.
      const listed = [];
      for (const status of [CardStatus.Rejected, CardStatus.NotActivated]) {
        const { data } = await callApi(server, contract.cards.list, {
          token: alice,
          query: { status, page: 1, pageSize: 50 },
          headers: { lang },
        });
        listed.push(...data.list.flatMap((order) => order.matchingCards));
      }
      const byId = new Map(listed.map((c) => [c.id, c.rejectReason]));
      return [byId.get(used), byId.get(dormant), byId.get(other)];
    };
    expect(await reasons('en-US')).toEqual([
      'This card PIN has already been used',
      'This card has not been activated yet',
      '卡号与卡密不匹配',
    ]);
    expect(await reasons('zh-CN')).toEqual(['卡密已被使用', '卡未激活', '卡号与卡密不匹配']);
  });

  it('finds verdicts by polling when no callback came', async () => {
    const id = await oneCard(freshCard('1111'));
    await sql(`update cards set channel_submitted_at = now() - interval '1 hour' where id = $1`, [id]);
    await pollCards(server.deps);
    expect((await cardRow(id)).status).toBe(CardStatus.NotActivated);
  });

  it('keeps card secrets out of every column but the encrypted ones', async () => {
    const card = freshCard();
    const id = await oneCard(card);
    const { rows } = await sql('select * from cards where id = $1', [id]);
    const text = JSON.stringify(rows[0], (_k, v) => (v && v.type === 'Buffer' ? Buffer.from(v.data).toString('latin1') : v));
    expect(text).not.toContain(card.cardNo);
    expect(text).not.toContain(card.cardPwd);
  });
});

describe('the card sweep', () => {
  /** One round of the sweep with the setting at `seconds`. */
  const sweepWith = (seconds: number) =>
    pollCards({ ...server.deps, config: { ...server.deps.config, CARD_REQUEUE_AFTER_SECONDS: seconds } });
  const jobsFor = async (queue: string, key: 'orderId' | 'cardId', id: number) =>
    (await sql(`select count(*)::int as n from pgboss.job where name = $1 and (data->>$2)::int = $3`, [queue, key, id])).rows[0].n;
  const orderOf = async (cardId: number) => (await cardRow(cardId)).order_id as number;

  /**
   * No card worker here, so each hand-over and credit waits with its job queued: a hand-over and a
   * credit left 40 seconds, and a fresh one of each.
   */
  async function leftWaiting() {
    const lateHandOver = await orderOf(await oneCard());
    await sql(`update cards set created_at = now() - interval '40 seconds' where order_id = $1`, [lateHandOver]);
    const freshHandOver = await orderOf(await oneCard());
    const lateCredit = await oneCard();
    await callback({ body: passed(lateCredit) });
    await sql(`update cards set updated_at = now() - interval '40 seconds' where id = $1`, [lateCredit]);
    const freshCredit = await oneCard();
    await callback({ body: passed(freshCredit) });
    return {
      lateHandOver,
      lateCredit,
      queued: async () => [
        await jobsFor(CARD_SUBMIT_QUEUE, 'orderId', lateHandOver),
        await jobsFor(CARD_SUBMIT_QUEUE, 'orderId', freshHandOver),
        await jobsFor(CARD_CREDIT_QUEUE, 'cardId', lateCredit),
        await jobsFor(CARD_CREDIT_QUEUE, 'cardId', freshCredit),
      ],
    };
  }

  it('queues again the hand-overs and credits whose job was lost after CARD_REQUEUE_AFTER_SECONDS, and leaves younger ones', async () => {
    const { lateHandOver, lateCredit, queued } = await leftWaiting();
    // The late ones' jobs are gone, as if a killed worker had taken them.
    await sql(`delete from pgboss.job where name = $1 and (data->>'orderId')::int = $2`, [CARD_SUBMIT_QUEUE, lateHandOver]);
    await sql(`delete from pgboss.job where name = $1 and (data->>'cardId')::int = $2`, [CARD_CREDIT_QUEUE, lateCredit]);
    expect(await queued()).toEqual([0, 1, 0, 1]);

    await sweepWith(60);
    expect(await queued()).toEqual([0, 1, 0, 1]);
    await sweepWith(30);
    expect(await queued()).toEqual([1, 1, 1, 1]);
  });

  it('adds no second job to a hand-over or credit whose job still waits, however late: a queue running behind is not doubled', async () => {
    const { queued } = await leftWaiting();
    expect(await queued()).toEqual([1, 1, 1, 1]);
    await sweepWith(30);
    await sweepWith(30);
    expect(await queued()).toEqual([1, 1, 1, 1]);
  });
});
