/**
 * The order list reads by key (card_order_statuses, card_order_user_counts, kept by the triggers of
 * migration 0033) and must answer exactly what it answered when it counted and filtered the cards
 * themselves. The statement it had is kept here, as it was, and both run side by side in one
 * transaction (one `now()`) for every user, filter, page and language, after each kind of change
 * a card goes through. That statement listed every card of each order; the list now carries each
 * order's count of cards per status and, filtered by a status, the order's cards in it, which is
 * what `summariesOf` makes of the old answer.
 */
import {
  BP_PER_UNIT,
  CardStatus,
  cardStatusesInProgress,
  cardStatusTable,
  FILTER_ALL,
  locales,
  ShipmentStatus,
  type Locale,
} from '@maika/shared';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, supplierCallback, type CardTypeFixture } from '../../../test/cardFixtures';
import { createTestServer, type TestServer } from '../../../test/harness';
import { localizedText } from '../../db/localized';
import { orderPageQuery } from './repo';
import { creditCard } from './settleService';
import { markReceived } from './shipmentService';
import { APPEAL_WINDOW_DAYS, appealableStatuses } from './stateMachine';

// The statement as it was before the summaries, word for word.
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const applyRateBp = (faceValueFen: string, rateBp: string) => `((${faceValueFen} * ${rateBp}) / ${BP_PER_UNIT})`;
const isCardInProgress = (card: string) => `${card}.status in (${cardStatusesInProgress.join(', ')})`;
const canAppeal = (card: string) =>
  `${card}.status in (${appealableStatuses.join(', ')}) and ${card}.appealed_at is null
   and coalesce(${card}.reviewed_at, ${card}.updated_at) > now() - make_interval(days => ${APPEAL_WINDOW_DAYS})`;

function countingStatement(locale: Locale, filtered: boolean): string {
  const where = filtered
    ? 'o.user_id = $1 and o.id in (select c.order_id from cards c where c.user_id = $1 and c.status = $4)'
    : 'o.user_id = $1';
  const goodsName = localizedText('t.name', 't.name_en', locale);
  const { Passed } = CardStatus;
  return `
    with ids as (select o.id from card_orders o where ${where} order by o.id desc limit $2 offset $3),
    page as (
      select o.id, o.order_no, o.card_type_id, o.face_value_fen, o.rate_bp, o.card_count, o.physical, o.shipment_status, o.received_at, o.created_at
        from card_orders o join ids on ids.id = o.id
    )
    select json_build_object(
      'list', coalesce((
        select json_agg(json_build_object(
          'id', p.id, 'orderNo', p.order_no, 'goodsId', p.card_type_id, 'goodsName', ${goodsName}, 'goodsLogo', t.logo,
          'faceValueFen', p.face_value_fen, 'rateBp', p.rate_bp, 'cardCount', p.card_count,
          'passedCount', k.passed, 'pendingCount', k.pending,
          'expectedFen', p.card_count * ${applyRateBp('p.face_value_fen', 'p.rate_bp')},
          'settledFen', k.settled, 'physical', p.physical, 'shipmentStatus', p.shipment_status,
          'receivedAt', ${isoTime('p.received_at')}, 'createdAt', ${isoTime('p.created_at')}, 'cards', k.cards
        ) order by p.id desc)
          from page p
          join card_types t on t.id = p.card_type_id
          cross join lateral (
            select count(*) filter (where c.status = ${Passed})::int as passed,
                   count(*) filter (where ${isCardInProgress('c')})::int as pending,
                   coalesce(sum(c.settlement_fen) filter (where c.status = ${Passed}), 0)::bigint as settled,
                   coalesce(json_agg(json_build_object(
                     'id', c.id, 'cardNoMasked', c.masked_no, 'status', c.status, 'settlementStatus', c.settlement_status,
                     'declaredFaceValueFen', c.declared_face_value_fen, 'actualFaceValueFen', c.actual_face_value_fen,
                     'settlementFen', c.settlement_fen, 'appealReason', c.appeal_reason,
                     'rejectReason', case when c.reject_reason_key is null then to_json(c.reject_reason)
                                     else json_strip_nulls(json_build_object('key', c.reject_reason_key, 'params', c.reject_reason_params)) end,
                     'appealReply', c.appeal_reply,
                     'canAppeal', ${canAppeal('c')},
                     'updatedAt', ${isoTime('c.updated_at')}
                   ) order by c.line_no), '[]'::json) as cards
              from cards c where c.order_id = p.id
          ) k
      ), '[]'::json),
      'total', (select count(*)::int from card_orders o where ${where})
    )::text as page,
    exists (select 1 from cards c join ids on c.order_id = ids.id where c.reject_reason_key is not null) as "keyedReasons"`;
}

let server: TestServer;
let type: CardTypeFixture;
let physical: CardTypeFixture;
const users: { phone: string; token: string; id: number }[] = [];
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const PAGE_SIZE = 3;
// null is the list's "all" (FILTER_ALL), then every status a card can hold.
const filters = [null, ...cardStatusTable.codes];

beforeAll(async () => {
  server = await createTestServer();
  type = await createCardType(server);
  physical = await createCardType(server, { physical: true });
  // The third user never submits: an empty list with a total of 0.
  for (const phone of ['13800000351', '13800000352', '13800000353']) {
    const token = await server.login(phone);
    const { rows } = await sql('select id from users where phone = $1', [phone]);
    users.push({ phone, token, id: Number(rows[0].id) });
  }
});

interface Page {
  page: string;
  keyedReasons: boolean;
}

type ListedCard = { status: number; rejectReason: unknown };

/** The old answer in the list's present shape: per-status counts for the cards, and the cards of the filtered status. */
function summariesOf(before: Page, status: number | null): { page: unknown; keyedReasons: boolean } {
  const { list, total } = JSON.parse(before.page) as { list: { cards: ListedCard[] }[]; total: number };
  const summaries = list.map(({ cards, ...order }) => ({
    ...order,
    statusCounts: [...new Set(cards.map((card) => card.status))]
      .sort((a, b) => a - b)
      .map((code) => ({ status: code, count: cards.filter((card) => card.status === code).length })),
    matchingCards: status === null ? [] : cards.filter((card) => card.status === status),
  }));
  const keyed = (card: ListedCard) => typeof card.rejectReason === 'object' && card.rejectReason !== null;
  return { page: { list: summaries, total }, keyedReasons: summaries.some((order) => order.matchingCards.some(keyed)) };
}

/** Both statements on one connection in one transaction, so `now()` (the appeal window) is the same. */
async function bothPages(client: pg.PoolClient, userId: number, status: number | null, page: number, locale: Locale) {
  const offset = (page - 1) * PAGE_SIZE;
  const values = status === null ? [userId, PAGE_SIZE, offset] : [userId, PAGE_SIZE, offset, status];
  const before = (await client.query<Page>(countingStatement(locale, status !== null), values)).rows[0]!;
  const now = (await client.query<Page>(orderPageQuery(userId, status, PAGE_SIZE, offset, locale))).rows[0]!;
  return { before, now };
}

/** Every user, filter, language and page (one past the last too) answers what the counting statement did. */
async function expectSameLists(): Promise<number> {
  const client = await server.deps.database.pool.connect();
  let compared = 0;
  try {
    await client.query('begin');
    for (const user of users)
      for (const status of filters)
        for (const locale of locales) {
          let total = 0;
          for (let page = 1; page === 1 || (page - 1) * PAGE_SIZE <= total; page += 1) {
            const { before, now } = await bothPages(client, user.id, status, page, locale);
            const label = `user ${user.phone}, status ${status ?? 'all'}, page ${page}, ${locale}`;
            const expected = summariesOf(before, status);
            expect(JSON.parse(now.page), label).toEqual(expected.page);
            expect(now.keyedReasons, label).toBe(expected.keyedReasons);
            total = (JSON.parse(before.page) as { total: number }).total;
            compared += 1;
          }
        }
    await client.query('commit');
  } finally {
    client.release();
  }
  return compared;
}

/** The rows the triggers kept equal what a rebuild from the cards and orders writes. */
async function expectSummariesAsRebuilt() {
  const read = async () => ({
    statuses: (await sql('select user_id, status, order_id, cards, settlement_fen from card_order_statuses order by 1, 2, 3')).rows,
    counts: (await sql('select user_id, status, orders from card_order_user_counts where orders > 0 order by 1, 2')).rows,
    summaries: (
      await sql(
        'select order_id, user_id, card_type_id, status_counts::text, passed, pending, settled_fen, entry from card_order_summaries order by 1',
      )
    ).rows,
  });
  const kept = await read();
  await sql('select card_summaries_rebuild()');
  expect(await read()).toEqual(kept);
}

const cardIds = async (orderId: number): Promise<number[]> =>
  (await sql('select id from cards where order_id = $1 order by line_no', [orderId])).rows.map((r) => Number(r.id));

/**
 * `first` in a transaction left open, then `second` in another, which must wait on a lock (seen in
 * pg_stat_activity) until the first commits; both committed.
 */
async function secondWaitsOnFirst(first: (client: pg.PoolClient) => Promise<unknown>, second: (client: pg.PoolClient) => Promise<unknown>) {
  const clients = [await server.deps.database.pool.connect(), await server.deps.database.pool.connect()] as const;
  try {
    await clients[0].query('begin');
    await first(clients[0]);
    await clients[1].query('begin');
    const later = second(clients[1]);
    const waiting = async () =>
      (await sql("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update card%'")).rows[0].n;
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    await clients[0].query('commit');
    await later;
    await clients[1].query('commit');
  } finally {
    for (const client of clients) client.release();
  }
}

const verdict = (cardId: number, outcome: string, extra: object = {}) =>
  supplierCallback(server, { body: JSON.stringify({ ref: String(cardId), outcome, ...extra }) });

describe('the order list read by key', () => {
  const orders: number[] = [];

  it('answers as the counting statement did after submits of both users, for every filter, page and language', async () => {
    const [alice, bob] = users;
    for (const [user, goods, count, face] of [
      [alice, type, 3, 10_000],
      [alice, type, 1, 5_000],
      [bob, type, 2, 20_000],
      [alice, physical, 2, 10_000],
      [alice, type, 4, 10_000],
      [bob, physical, 1, 5_000],
      [alice, type, 2, 20_000],
    ] as const) {
      const cards = Array.from({ length: count }, () => freshCard());
      const { data } = await submit(server, user!.token, goods.id, cards, face);
      orders.push(data.orderId);
    }
    expect(await expectSameLists()).toBeGreaterThan(filters.length * locales.length * users.length);
    await expectSummariesAsRebuilt();
  });

  it('counts all of a user’s orders under FILTER_ALL, the code the migration writes out, and a status’s under the status', async () => {
    const [alice] = users;
    const counted = async (status: number) =>
      (await sql('select orders from card_order_user_counts where user_id = $1 and status = $2', [alice!.id, status])).rows[0]?.orders;
    const { rows } = await sql('select count(*)::int as n from card_orders where user_id = $1', [alice!.id]);
    expect(await counted(FILTER_ALL)).toBe(rows[0].n);
    expect(await counted(CardStatus.Unreviewed)).toBe(rows[0].n);
    expect(await counted(CardStatus.Passed)).toBeUndefined();
  });

  it('after channel verdicts, credits, appeals and reasons kept as catalogue keys', async () => {
    const [first, second, third, , fifth, , seventh] = await Promise.all(orders.map(cardIds));
    await verdict(first![0]!, 'passed');
    await verdict(first![1]!, 'rejected', { reason: '卡密已被使用' });
    await verdict(second![0]!, 'notActivated', { reason: '卡未激活' });
    await verdict(third![0]!, 'passed', { actualFaceValueFen: 10_000 });
    await verdict(fifth![0]!, 'passed');
    await verdict(fifth![1]!, 'passed');
    // Worth more than declared: a reviewer decides (abnormal), with a reason kept as a key.
    await verdict(fifth![2]!, 'passed', { actualFaceValueFen: 20_000 });
    await verdict(seventh![0]!, 'rejected', { reason: '卡号与卡密不匹配' });
    expect(await creditCard(server.deps, first![0]!)).toBe('credited');
    expect(await creditCard(server.deps, fifth![0]!)).toBe('credited');
    await expectSameLists();

    const appealed = await server.call('POST', '/api/order/appeal', {
      token: users[0]!.token,
      body: { cardId: first![1]!, reason: 'I bought it new yesterday' },
    });
    expect(appealed.data.card.status).toBe(CardStatus.UnderAppeal);
    const keyed = await sql('select count(*)::int as n from cards where reject_reason_key is not null');
    expect(keyed.rows[0].n).toBeGreaterThan(0);
    await expectSameLists();
    await expectSummariesAsRebuilt();
  });

  it('after one statement changing many cards of several orders and users, one changing only amounts, and after orders deleted', async () => {
    await sql('update cards set status = $1 where status = $2', [CardStatus.Rejected, CardStatus.Unreviewed]);
    await expectSameLists();
    // Settlement amounts changed with no card changing status: the settled figures follow.
    const { rowCount } = await sql('update cards set settlement_fen = settlement_fen + 100 where status = $1', [CardStatus.Passed]);
    expect(rowCount).toBeGreaterThan(0);
    await expectSameLists();
    await expectSummariesAsRebuilt();
    // An order and its cards written and removed by hand (no product path deletes them).
    const [alice] = users;
    const {
      rows: [order],
    } = await sql(
      `insert into card_orders (order_no, user_id, idempotency_key, card_type_id, face_value_fen, rate_bp, card_count)
       values ('HAND1', $1, 'hand-1', $2, 10000, 9500, 2) returning id`,
      [alice!.id, type.id],
    );
    await sql(
      `insert into cards (order_id, user_id, card_type_id, line_no, card_pwd_enc, masked_no, fingerprint, status, declared_face_value_fen, channel)
       select $1, $2, $3, l, '\\x00', '0000', sha256(('hand:' || l)::bytea), l, 10000, 'sim' from generate_series(0, 1) l`,
      [order.id, alice!.id, type.id],
    );
    await expectSameLists();
    await sql('delete from cards where order_id = $1', [order.id]);
    await sql('delete from card_orders where id = $1', [order.id]);
    await expectSameLists();
    await expectSummariesAsRebuilt();
  });

  it('keeps the counts right when one user’s cards in many orders change at once, each in its own transaction', async () => {
    const [alice] = users;
    const { rows } = await sql('select id from cards where user_id = $1 order by id', [alice!.id]);
    // Every card to under review and back to a verdict, all in parallel: the rows are touched in one order.
    await Promise.all(rows.map((r) => sql('update cards set status = $1 where id = $2', [CardStatus.Unreviewed, r.id])));
    await Promise.all(
      rows.map((r, i) => sql('update cards set status = $1 where id = $2', [i % 2 ? CardStatus.Passed : CardStatus.Abnormal, r.id])),
    );
    await expectSameLists();
    await expectSummariesAsRebuilt();
  });

  it('sums both of two transactions moving cards of one order between different statuses, the later waiting for the earlier', async () => {
    const [alice] = users;
    const { data } = await submit(server, alice!.token, type.id, [freshCard(), freshCard()], 10_000);
    const [passed, waiting] = await cardIds(data.orderId);
    await sql('update cards set status = $1 where id = $2', [CardStatus.Passed, passed]);
    // No status row in common: passed to rejected in one, unreviewed to abnormal in the other; the
    // second waits on the order's summary row until the first commits.
    await secondWaitsOnFirst(
      (client) => client.query('update cards set status = $1 where id = $2', [CardStatus.Rejected, passed]),
      (client) => client.query('update cards set status = $1 where id = $2', [CardStatus.Abnormal, waiting]),
    );
    const { rows } = await sql('select status_counts::text as counts, passed, pending from card_order_summaries where order_id = $1', [
      data.orderId,
    ]);
    expect(JSON.parse(rows[0].counts)).toEqual([
      { status: CardStatus.Rejected, count: 1 },
      { status: CardStatus.Abnormal, count: 1 },
    ]);
    expect(rows[0]).toMatchObject({ passed: 0, pending: 1 });
    await expectSameLists();
    await expectSummariesAsRebuilt();
  });

  it('after a physical order is shipped and received: the entry follows the order, not only its cards', async () => {
    const [alice] = users;
    const orderId = orders[3]!;
    const shipped = await server.call('POST', '/api/order/logistics', {
      token: alice!.token,
      body: { orderId, carrier: 'SF', trackingNo: 'SF1000000351' },
    });
    expect(shipped.code).toBe(200);
    await expectSameLists();
    await markReceived(server.deps, orderId, null);
    const { rows } = await sql('select entry from card_order_summaries where order_id = $1', [orderId]);
    expect(JSON.parse(rows[0].entry)).toMatchObject({ shipmentStatus: ShipmentStatus.Received, receivedAt: expect.any(String) });
    await expectSameLists();
    await expectSummariesAsRebuilt();
  });

  it('writes both of two transactions changing one order, its shipment in one and a card in the other, whichever goes first', async () => {
    const [alice] = users;
    for (const shipmentFirst of [true, false]) {
      const { data } = await submit(server, alice!.token, physical.id, [freshCard()], 10_000);
      const [card] = await cardIds(data.orderId);
      const received = (client: pg.PoolClient) =>
        client.query('update card_orders set shipment_status = $1, received_at = now() where id = $2', [
          ShipmentStatus.Received,
          data.orderId,
        ]);
      const rejected = (client: pg.PoolClient) => client.query('update cards set status = $1 where id = $2', [CardStatus.Rejected, card]);
      // The later one waits on the order's summary row until the first commits.
      await (shipmentFirst ? secondWaitsOnFirst(received, rejected) : secondWaitsOnFirst(rejected, received));
      const { rows } = await sql('select entry from card_order_summaries where order_id = $1', [data.orderId]);
      expect(JSON.parse(rows[0].entry), `shipment first: ${shipmentFirst}`).toMatchObject({
        shipmentStatus: ShipmentStatus.Received,
        receivedAt: expect.any(String),
        statusCounts: [{ status: CardStatus.Rejected, count: 1 }],
      });
    }
    await expectSameLists();
    await expectSummariesAsRebuilt();
  });
});
