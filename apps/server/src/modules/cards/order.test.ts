import { CardStatus, Code, orderList } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { adminCall, operator } from '../../../test/console';
import { createTestServer, eventually, newKey, type TestServer } from '../../../test/harness';
import { CARD_SUBMIT_QUEUE } from '../../jobs/queues';

let server: TestServer;
let alice: string;
let bob: string;
let erin: string;
let type: CardTypeFixture;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);

beforeAll(async () => {
  server = await createTestServer();
  alice = await server.login('13800000001');
  bob = await server.login('13800000002');
  erin = await server.login('13800000009');
  type = await createCardType(server);
});

describe('submit', () => {
  it('accepts a batch, stores every card encrypted and answers the order', async () => {
    const cards = [freshCard(), freshCard()];
    const result = await submit(server, alice, type.id, cards);
    expect(result).toMatchObject({ code: Code.Ok, data: { cardCount: 2 } });
    expect(result.data.orderNo).toMatch(/^S\d{20}$/);
    const { rows } = await sql('select card_no_enc, card_pwd_enc, masked_no, fingerprint, status from cards where order_id = $1', [
      result.data.orderId,
    ]);
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(
      rows.map((r) => ({
        ...r,
        a: r.card_no_enc.toString('latin1'),
        b: r.card_pwd_enc.toString('latin1'),
        c: r.fingerprint.toString('hex'),
      })),
    );
    for (const c of cards) {
      expect(stored).not.toContain(c.cardNo);
      expect(stored).not.toContain(c.cardPwd);
    }
    expect(rows[0].masked_no).toBe(`${cards[0]!.cardNo.slice(0, 3)}****${cards[0]!.cardNo.slice(-4)}`);
  });

  it('returns the first result for a repeated idempotency key', async () => {
    const key = newKey();
    const cards = [freshCard()];
    const first = await submit(server, alice, type.id, cards, 10_000, key);
    const again = await submit(server, alice, type.id, cards, 10_000, key);
    expect(again.data).toEqual(first.data);
    const { rows } = await sql('select count(*)::int as n from card_orders where idempotency_key = $1', [key]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses a repeated idempotency key with another card, as the withdrawal call does, and keeps only the first order', async () => {
    const key = newKey();
    const first = await submit(server, alice, type.id, [freshCard()], 10_000, key);
    expect(first.code).toBe(Code.Ok);
    const other = await submit(server, alice, type.id, [freshCard()], 10_000, key);
    expect(other).toMatchObject({ code: Code.IdempotencyKeyReused, msg: expect.stringMatching(/different request/) });
    const { rows } = await sql(
      'select count(*)::int as n from cards c join card_orders o on o.id = c.order_id where o.idempotency_key = $1',
      [key],
    );
    expect(rows[0].n).toBe(1);
  });

  it('hashes a request as it was sent: a retry spaced alike gets the first order, the same cards spaced otherwise are another request', async () => {
    const key = newKey();
    const cards = [freshCard(), freshCard()];
    const spaced = cards.map((c) => ({ ...c, cardNo: c.cardNo.replace(/(\d{4})(?=\d)/g, '$1 ') }));
    const first = await submit(server, alice, type.id, spaced, 10_000, key);
    expect(first.code).toBe(Code.Ok);
    expect((await submit(server, alice, type.id, spaced, 10_000, key)).data).toEqual(first.data);
    expect((await submit(server, alice, type.id, cards, 10_000, key)).code).toBe(Code.IdempotencyKeyReused);
    // Stored without the spaces, as every other card.
    const { rows } = await sql('select masked_no from cards where order_id = $1 order by line_no', [first.data.orderId]);
    expect(rows.map((r) => r.masked_no)).toEqual(cards.map((c) => `${c.cardNo.slice(0, 3)}****${c.cardNo.slice(-4)}`));
  });

  it('queues the hand-over of an electronic order once, under the queue’s own retry policy', async () => {
    const { data } = await submit(server, alice, type.id, [freshCard(), freshCard(), freshCard()]);
    const { rows } = await sql(`select retry_limit, retry_backoff from pgboss.job where name = $1 and (data->>'orderId')::bigint = $2`, [
      CARD_SUBMIT_QUEUE,
      data.orderId,
    ]);
    expect(rows).toEqual([{ retry_limit: 20, retry_backoff: true }]);
  });

  it('refuses the whole batch when one line is bad, listing the line, and saves nothing', async () => {
    const before = (await sql('select count(*)::int as n from cards')).rows[0].n;
    const cards = Array.from({ length: 1000 }, () => freshCard());
    cards[1] = { cardNo: '12345', cardPwd: cards[1]!.cardPwd };
    const result = await submit(server, alice, type.id, cards);
    expect(result.code).toBe(Code.CardBatchRejected);
    expect(result.msg).toBe('1 lines need fixing, no card was submitted: line 2 The card number must be 16 characters; it has 5');
    expect(result.data.lines).toEqual([{ index: 1, field: 'cardNo', reason: 'The card number must be 16 characters; it has 5' }]);
    expect((await sql('select count(*)::int as n from cards')).rows[0].n).toBe(before);
  });

  it("says which lines to fix in the reader's language, each line's reason as the catalogue words it", async () => {
    const cards = [freshCard(), { cardNo: '12345', cardPwd: freshCard().cardPwd }, freshCard(), { ...freshCard(), cardNo: 'AB12' }];
    cards[2] = { ...cards[0]! };
    const inLang = (lang: string) =>
      server.call('POST', '/api/order/submit', {
        token: alice,
        body: { goodsId: type.id, faceValueFen: 10_000, cards, idempotencyKey: newKey(), agree: true },
        headers: { lang },
      });
    const zh = await inLang('zh-CN');
    expect(zh.code).toBe(Code.CardBatchRejected);
    expect(zh.data.lines).toEqual([
      { index: 1, field: 'cardNo', reason: '卡号应为16位，当前为5位' },
      { index: 2, field: 'cardNo', reason: '与第1行是同一张卡，请删除其中一行' },
      { index: 3, field: 'cardNo', reason: '卡号只能包含数字，请删除：A B；卡号应为16位，当前为4位' },
    ]);
    expect(zh.msg).toContain('第2行 卡号应为16位，当前为5位；第3行 与第1行是同一张卡，请删除其中一行；第4行 卡号只能包含数字');
    const en = await inLang('en-US');
    expect(en.data.lines).toEqual([
      { index: 1, field: 'cardNo', reason: 'The card number must be 16 characters; it has 5' },
      { index: 2, field: 'cardNo', reason: 'Same card as line 1; remove one of the two lines' },
      {
        index: 3,
        field: 'cardNo',
        reason: 'The card number may contain digits only; remove: A B. The card number must be 16 characters; it has 4',
      },
    ]);
    expect(en.msg).toContain('line 2 The card number must be 16 characters; it has 5; line 3 Same card as line 1');
  });

  it('accepts 1000 cards as a whole', async () => {
    const result = await submit(
      server,
      bob,
      type.id,
      Array.from({ length: 1000 }, () => freshCard()),
    );
    expect(result).toMatchObject({ code: Code.Ok, data: { cardCount: 1000 } });
    expect((await sql('select count(*)::int as n from cards where order_id = $1', [result.data.orderId])).rows[0].n).toBe(1000);
  });

  it('refuses more than 1000 cards and a missing agreement', async () => {
    const tooMany = await submit(
      server,
      alice,
      type.id,
      Array.from({ length: 1001 }, () => freshCard()),
    );
    expect(tooMany.code).toBe(Code.InvalidInput);
    const noAgree = await server.call('POST', '/api/order/submit', {
      token: alice,
      body: { goodsId: type.id, faceValueFen: 10_000, cards: [freshCard()], idempotencyKey: newKey(), agree: false },
    });
    expect(noAgree).toMatchObject({ code: Code.InvalidInput, msg: 'agree：请先阅读并同意回收协议' });
  });

  it('refuses a card already submitted by another user, and allows it again once the first was rejected', async () => {
    const card = freshCard();
    const first = await submit(server, alice, type.id, [card]);
    expect(first.code).toBe(Code.Ok);
    const second = await submit(server, bob, type.id, [freshCard(), { ...card, cardNo: card.cardNo.replace(/(\d{4})(?=\d)/g, '$1 ') }]);
    expect(second).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 1, field: 'cardNo' }] } });
    expect(second.data.lines[0].reason).toContain('already submitted');
    await sql('update cards set status = $1 where order_id = $2', [CardStatus.Rejected, first.data.orderId]);
    expect((await submit(server, bob, type.id, [card])).code).toBe(Code.Ok);
  });

  describe('letter case', () => {
    /** A card type whose numbers and passwords take letters and digits, as the catalogue sets it. */
    async function typeWithLetters(): Promise<number> {
      const { id } = await createCardType(server);
      await sql('update card_types set card_no_rule_type = 3, card_no_length = null, pwd_rule_type = 3 where id = $1', [id]);
      return id;
    }
    let letterSeq = 0;
    /** A card with letters in it, in upper case; nobody has submitted it yet. */
    const cardWithLetters = () => {
      const { cardNo, cardPwd } = freshCard();
      letterSeq += 1;
      return { cardNo: `AB${cardNo}CD${letterSeq}`, cardPwd: `XY${cardPwd}Z` };
    };
    const lowerCase = (card: { cardNo: string; cardPwd: string }) => ({
      cardNo: card.cardNo.toLowerCase(),
      cardPwd: card.cardPwd.toLowerCase(),
    });

    it('refuses a card typed again in other letter case as already submitted, by another user or in the same batch', async () => {
      const goodsId = await typeWithLetters();
      const card = cardWithLetters();
      expect((await submit(server, alice, goodsId, [card])).code).toBe(Code.Ok);

      const twin = await submit(server, bob, goodsId, [cardWithLetters(), lowerCase(card)]);
      expect(twin).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 1, field: 'cardNo' }] } });
      expect(twin.data.lines[0].reason).toContain('already submitted');
      const other = cardWithLetters();
      const sameBatch = await submit(server, bob, goodsId, [other, lowerCase(other)]);
      expect(sameBatch).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 1, field: 'cardNo' }] } });
    });

    it('finds a twin stored while its type still told cases apart', async () => {
      const goodsId = await typeWithLetters();
      await sql('update card_types set case_insensitive = false where id = $1', [goodsId]);
      const card = cardWithLetters();
      expect((await submit(server, alice, goodsId, [lowerCase(card)])).code).toBe(Code.Ok);
      await sql('update card_types set case_insensitive = true where id = $1', [goodsId]);

      const twin = await submit(server, bob, goodsId, [card]);
      expect(twin).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 0, field: 'cardNo' }] } });
    });

    it('accepts both cases as two cards for a type whose operator turned the setting off', async () => {
      const goodsId = await typeWithLetters();
      const admin = await operator(server, 'admin');
      const changed = await adminCall(server, admin, 'PUT', `/api/admin/cardTypes/${goodsId}`, { caseInsensitive: false });
      expect(changed.code, changed.msg).toBe(Code.Ok);
      const listed = await adminCall(server, admin, 'GET', '/api/admin/cardTypes');
      expect(listed.data.list.find((t: { id: number }) => t.id === goodsId)).toMatchObject({ caseInsensitive: false });

      const card = cardWithLetters();
      expect((await submit(server, alice, goodsId, [card])).code).toBe(Code.Ok);
      expect((await submit(server, bob, goodsId, [lowerCase(card)])).code).toBe(Code.Ok);
    });
  });

  it('refuses repeats inside one batch', async () => {
    const card = freshCard();
    const result = await submit(server, alice, type.id, [card, card]);
    expect(result).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 1, field: 'cardNo' }] } });
  });

  it('refuses a face value the card type does not buy and a card type under maintenance', async () => {
    expect((await submit(server, alice, type.id, [freshCard()], 12_345)).code).toBe(Code.FaceValueUnavailable);
    const closed = await createCardType(server, { maintenance: '渠道升级，预计今晚恢复' });
    const result = await submit(server, alice, closed.id, [freshCard()]);
    expect(result).toMatchObject({ code: Code.CardTypeMaintenance });
    expect(result.msg).toContain('渠道升级，预计今晚恢复');
  });

  it('holds the daily cap per user and card type, saying how many are left', async () => {
    const capped = await createCardType(server, { dailyCap: 3 });
    expect((await submit(server, alice, capped.id, [freshCard(), freshCard()])).code).toBe(Code.Ok);
    const over = await submit(server, alice, capped.id, [freshCard(), freshCard()]);
    expect(over.code).toBe(Code.CardDailyCapReached);
    expect(over.msg).toBe(
      'You can sell at most 3 Test card 8 cards a day and have 1 left today; submit fewer or come back tomorrow'.replace(
        'Test card 8',
        (await sql('select name from card_types where id = $1', [capped.id])).rows[0].name,
      ),
    );
    expect((await submit(server, bob, capped.id, [freshCard(), freshCard()])).code).toBe(Code.Ok);
  });

  it('holds the daily cap for two batches of one user submitted at the same moment', async () => {
    const capped = await createCardType(server, { dailyCap: 3 });
    const codes = await Promise.all([
      submit(server, erin, capped.id, [freshCard(), freshCard()]),
      submit(server, erin, capped.id, [freshCard(), freshCard()]),
    ]);
    expect(codes.map((a) => a.code).sort()).toEqual([Code.Ok, Code.CardDailyCapReached].sort());
  });

  describe('while the user row is locked elsewhere', () => {
    const userIdOf = async (phone: string) => (await sql('select id from users where phone = $1', [phone])).rows[0].id as number;
    /** Runs `work` while another transaction holds the user's row `lock`ed, as a credit (share) or a cancellation (update) does. */
    async function withUserRowLocked<T>(phone: string, lock: 'share' | 'update', work: () => Promise<T>): Promise<T> {
      const client = await server.deps.database.pool.connect();
      try {
        await client.query('begin');
        await client.query(`select id from users where id = $1 for ${lock}`, [await userIdOf(phone)]);
        return await work();
      } finally {
        await client.query('rollback');
        client.release();
      }
    }

    it('takes a batch while a credit of the user’s earlier cards holds the row shared', async () => {
      const result = await withUserRowLocked('13800000001', 'share', () => submit(server, alice, type.id, [freshCard()]));
      expect(result.code).toBe(Code.Ok);
    });

    it('waits for a cancellation or a freeze holding the row, and then goes on', async () => {
      let answered: Awaited<ReturnType<typeof submit>> | undefined;
      const submitted = await withUserRowLocked('13800000002', 'update', async () => {
        const pending = submit(server, bob, type.id, [freshCard()]).then((a) => (answered = a));
        const waiting = await eventually(async () => {
          const { rows } = await sql(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0].n > 0;
        });
        expect(waiting).toBe(true);
        expect(answered).toBeUndefined();
        return { pending }; // not awaited here: the row is let go first
      });
      expect((await submitted.pending).code).toBe(Code.Ok);
    });
  });

  it('takes the password only for password-only card types', async () => {
    const pwdOnly = await createCardType(server, { needsCardNo: false });
    const withNumber = await submit(server, alice, pwdOnly.id, [freshCard()]);
    expect(withNumber).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [{ index: 0, field: 'cardNo' }] } });
    const ok = await submit(server, alice, pwdOnly.id, [{ cardPwd: '1234567890123456' }]);
    expect(ok.code).toBe(Code.Ok);
    const { data } = await server.call('GET', `/api/order/detail?id=${ok.data.orderId}`, { token: alice });
    expect(data.order.cards[0].cardNoMasked).toBe('****3456');
  });
});

/** An order's detail as the list shows it: its cards in the status the list is filtered by (none for the whole list). */
function listed(detail: { cards: { status: number }[] }, status: number | null) {
  const { cards, ...facts } = detail;
  return { ...facts, matchingCards: status === null ? [] : cards.filter((card) => card.status === status) };
}

describe('orders', () => {
  it('lists the user’s orders with amounts, counts per status and no secrets; filtered by a status, with those cards', async () => {
    const cards = [freshCard(), freshCard(), freshCard()];
    const { data: created } = await submit(server, alice, type.id, cards, 5_000);
    const { rows } = await sql('select id from cards where order_id = $1 order by line_no', [created.orderId]);
    await sql('update cards set status = 2 where id = $1', [rows[0].id]);
    const list = await server.call('GET', '/api/order/list?status=999&page=1&pageSize=10', { token: alice });
    const order = list.data.list.find((o: { id: number }) => o.id === created.orderId);
    expect(order).toMatchObject({
      goodsId: type.id,
      faceValueFen: 5_000,
      rateBp: 9000,
      cardCount: 3,
      passedCount: 0,
      pendingCount: 2,
      expectedFen: 3 * 4500,
      settledFen: 0,
      physical: false,
      shipmentStatus: null,
      receivedAt: null,
    });
    expect(order.statusCounts).toEqual([
      { status: 0, count: 2 },
      { status: 2, count: 1 },
    ]);
    expect(order.matchingCards).toEqual([]);
    const rejected = await server.call('GET', '/api/order/list?status=2', { token: alice });
    const filtered = rejected.data.list.find((o: { id: number }) => o.id === created.orderId);
    expect(filtered.matchingCards).toHaveLength(1);
    expect(filtered.matchingCards[0]).toMatchObject({
      id: rows[0].id,
      status: 2,
      settlementStatus: 0,
      declaredFaceValueFen: 5_000,
      canAppeal: true,
    });
    for (const body of [JSON.stringify(list), JSON.stringify(rejected)])
      for (const c of cards) {
        expect(body).not.toContain(c.cardNo);
        expect(body).not.toContain(c.cardPwd);
      }
    const passed = await server.call('GET', '/api/order/list?status=1', { token: alice });
    expect(passed.data.list.map((o: { id: number }) => o.id)).not.toContain(created.orderId);
  });

  it('lists each order exactly as its detail shows it, figures, status counts, the filtered status’s cards and times included', async () => {
    const { data: created } = await submit(server, alice, type.id, [freshCard(), freshCard(), freshCard()], 5_000);
    const { rows } = await sql('select id from cards where order_id = $1 order by line_no', [created.orderId]);
    await sql(
      "update cards set status = 1, actual_face_value_fen = 5000, settlement_fen = 4500, updated_at = now() + interval '1.2345 s' where id = $1",
      [rows[0].id],
    );
    await sql(
      "update cards set status = 2, reject_reason = 'card already used', appeal_reason = 'bought it new', appealed_at = now() where id = $1",
      [rows[1].id],
    );
    const detail = (await server.call('GET', `/api/order/detail?id=${created.orderId}`, { token: alice })).data.order;
    expect(detail).toMatchObject({ passedCount: 1, pendingCount: 1, settledFen: 4500 });
    expect(detail.cards.map((c: { canAppeal: boolean }) => c.canAppeal)).toEqual([false, false, false]);
    const all = await server.call('GET', '/api/order/list?status=999&page=1&pageSize=100', { token: alice });
    expect(all.data.list.find((o: { id: number }) => o.id === created.orderId)).toEqual(listed(detail, null));
    // The list is JSON built by the database and sent as it is, so its documented schema is checked here.
    expect(orderList.strict().safeParse(all.data).error).toBeUndefined();
    expect(all.data.total).toBe(all.data.list.length);
    const passed = await server.call('GET', '/api/order/list?status=1&page=1&pageSize=100', { token: alice });
    expect(passed.data.list.filter((o: { id: number }) => o.id === created.orderId)).toEqual([listed(detail, 1)]);
    const emptyPage = await server.call('GET', '/api/order/list?status=999&page=1000&pageSize=10', { token: alice });
    expect(emptyPage.data).toEqual({ list: [], total: all.data.total });
  });

  it('lists an order holding a card in every status as its detail shows it: pending count, appeals and a rate that rounds', async () => {
    const { data: created } = await submit(
      server,
      alice,
      type.id,
      Array.from({ length: 8 }, () => freshCard()),
      5_000,
    );
    // 5000 fen at 96.51 % is 4825.5: each card's share rounds down.
    await sql('update card_orders set rate_bp = 9651 where id = $1', [created.orderId]);
    const { rows } = await sql('select id from cards where order_id = $1 order by line_no', [created.orderId]);
    const set = (line: number, columns: string) => sql(`update cards set ${columns} where id = $1`, [rows[line].id]);
    await set(1, 'status = 1, settlement_status = 2, actual_face_value_fen = 5000, settlement_fen = 4825');
    await set(2, "status = 2, reject_reason = 'card already used'");
    await set(3, 'status = 3');
    await set(
      4,
      "status = 4, status_before_appeal = 2, reject_reason = 'card already used', appeal_reason = 'bought it new', appealed_at = now()",
    );
    await set(5, 'status = 5');
    await set(6, "status = 2, reject_reason = 'card already used', appeal_reply = 'checked again', appealed_at = now()");
    await set(7, 'status = 1, settlement_status = 3, actual_face_value_fen = 5000, settlement_fen = 4000');
    const detail = (await server.call('GET', `/api/order/detail?id=${created.orderId}`, { token: alice })).data.order;
    expect(detail).toMatchObject({ rateBp: 9651, cardCount: 8, passedCount: 2, pendingCount: 3, expectedFen: 8 * 4825, settledFen: 8825 });
    expect(detail.cards.map((c: { canAppeal: boolean }) => c.canAppeal)).toEqual([false, false, true, false, false, false, false, false]);
    const all = await server.call('GET', '/api/order/list?status=999&page=1&pageSize=100', { token: alice });
    expect(all.data.list.find((o: { id: number }) => o.id === created.orderId)).toEqual(listed(detail, null));
    expect(detail.statusCounts).toEqual([0, 1, 2, 3, 4, 5].map((status) => ({ status, count: status === 1 || status === 2 ? 2 : 1 })));
    for (const status of [0, 1, 2, 3, 4, 5]) {
      const filtered = await server.call('GET', `/api/order/list?status=${status}&page=1&pageSize=100`, { token: alice });
      expect(
        filtered.data.list.filter((o: { id: number }) => o.id === created.orderId),
        `status ${status}`,
      ).toEqual([listed(detail, status)]);
    }
  });

  it('answers "not found" for another user’s order, card and logistics', async () => {
    const { data } = await submit(server, alice, type.id, [freshCard()]);
    const { rows } = await sql('select id from cards where order_id = $1', [data.orderId]);
    await sql('update cards set status = 2 where id = $1', [rows[0].id]);
    expect((await server.call('GET', `/api/order/detail?id=${data.orderId}`, { token: bob })).code).toBe(Code.NotFound);
    expect(
      (await server.call('POST', '/api/order/appeal', { token: bob, body: { cardId: rows[0].id, reason: 'this is my card' } })).code,
    ).toBe(Code.NotFound);
    expect(
      (
        await server.call('POST', '/api/order/logistics', {
          token: bob,
          body: { orderId: data.orderId, carrier: 'SF', trackingNo: 'SF1234567890' },
        })
      ).code,
    ).toBe(Code.NotFound);
    expect((await server.call('GET', `/api/order/logisticsInfo?orderId=${data.orderId}`, { token: bob })).code).toBe(Code.NotFound);
    expect((await server.call('GET', '/api/order/list', { token: bob })).data.list.map((o: { id: number }) => o.id)).not.toContain(
      data.orderId,
    );
  });
});

describe('appeal', () => {
  it('appeals a rejected card once, keeping where it came from', async () => {
    const { data } = await submit(server, alice, type.id, [freshCard()]);
    const { rows } = await sql('select id from cards where order_id = $1', [data.orderId]);
    const cardId = rows[0].id;
    const early = await server.call('POST', '/api/order/appeal', {
      token: alice,
      body: { cardId, reason: 'the card is valid' },
      headers: { 'accept-language': 'en' },
    });
    expect(early).toMatchObject({ code: Code.CardAppealNotAllowed });
    expect(early.msg).toContain('"Unreviewed"');
    await sql(`update cards set status = 2, reject_reason = 'used card' where id = $1`, [cardId]);
    expect((await server.call('POST', '/api/order/appeal', { token: alice, body: { cardId, reason: 'abc' } })).code).toBe(
      Code.InvalidInput,
    );
    const appealed = await server.call('POST', '/api/order/appeal', {
      token: alice,
      body: { cardId, reason: 'I bought it yesterday, receipt attached' },
    });
    expect(appealed).toMatchObject({
      code: Code.Ok,
      data: {
        card: { id: cardId, status: CardStatus.UnderAppeal, appealReason: 'I bought it yesterday, receipt attached', canAppeal: false },
      },
    });
    expect((await sql('select status_before_appeal from cards where id = $1', [cardId])).rows[0].status_before_appeal).toBe(2);
    await sql('update cards set status = 2 where id = $1', [cardId]);
    expect((await server.call('POST', '/api/order/appeal', { token: alice, body: { cardId, reason: 'once more please' } })).code).toBe(
      Code.CardAppealNotAllowed,
    );
  });
});

describe('a service error', () => {
  it('renders in English for an English caller and Chinese otherwise', async () => {
    const { data } = await submit(server, alice, type.id, [freshCard()]);
    const { rows } = await sql('select id from cards where order_id = $1', [data.orderId]);
    const appeal = (headers: Record<string, string>) =>
      server.call('POST', '/api/order/appeal', { token: alice, body: { cardId: rows[0].id, reason: 'the card is valid' }, headers });

    expect((await appeal({ 'accept-language': 'en-GB,en;q=0.9' })).msg).toBe(
      'This card is "Unreviewed", so it cannot be appealed; only a rejected card can be appealed, once',
    );
    const chinese = '该卡当前为“未审核”，不能申诉；只有已驳回、且未申诉过的卡可以申诉一次';
    expect((await appeal({ 'accept-language': 'zh-CN' })).msg).toBe(chinese);
    expect((await appeal({ 'accept-language': 'fr-FR' })).msg).toBe(chinese);
    expect((await appeal({})).msg).toBe(chinese);
  });
});

describe('logistics', () => {
  it('records a shipment for a physical order and shows tracking events', async () => {
    const physical = await createCardType(server, { physical: true });
    const { data } = await submit(server, alice, physical.id, [freshCard()]);
    expect((await server.call('GET', `/api/order/logisticsInfo?orderId=${data.orderId}`, { token: alice })).code).toBe(
      Code.OrderLogisticsMissing,
    );
    expect(
      (
        await server.call('POST', '/api/order/logistics', {
          token: alice,
          body: { orderId: data.orderId, carrier: 'DHL', trackingNo: 'SF1234567890' },
        })
      ).code,
    ).toBe(Code.InvalidInput);
    const saved = await server.call('POST', '/api/order/logistics', {
      token: alice,
      body: { orderId: data.orderId, carrier: 'SF', trackingNo: 'sf1234567890' },
    });
    expect(saved).toMatchObject({ code: Code.Ok, data: {} });
    await sql(`update card_orders set shipped_at = now() - interval '30 hours' where id = $1`, [data.orderId]);
    const info = await server.call('GET', `/api/order/logisticsInfo?orderId=${data.orderId}`, {
      token: alice,
      headers: { 'accept-language': 'en' },
    });
    expect(info.data).toMatchObject({ carrier: 'SF', carrierName: 'SF Express', trackingNo: 'SF1234567890' });
    expect(info.data.events).toHaveLength(5);
    expect(info.data.events[0].text).toContain('Delivered');
    const detail = await server.call('GET', `/api/order/detail?id=${data.orderId}`, { token: alice });
    expect(detail.data.logistics).toEqual({ carrier: 'SF', trackingNo: 'SF1234567890' });
  });

  it('tells each reader the simulated courier track in their language', async () => {
    const physical = await createCardType(server, { physical: true });
    const { data } = await submit(server, alice, physical.id, [freshCard()]);
    await server.call('POST', '/api/order/logistics', {
      token: alice,
      body: { orderId: data.orderId, carrier: 'YTO', trackingNo: 'YT20260001' },
    });
    await sql(`update card_orders set shipped_at = now() - interval '30 hours' where id = $1`, [data.orderId]);
    const track = async (language: string) =>
      (
        await server.call('GET', `/api/order/logisticsInfo?orderId=${data.orderId}`, {
          token: alice,
          headers: { 'accept-language': language },
        })
      ).data.events.map((e: { text: string }) => e.text);

    const zhCity = '(深圳|广州|上海|杭州|北京|成都|武汉|南京)';
    const chinese = await track('zh-CN');
    expect(chinese).toHaveLength(5);
    [
      '^快件已签收，签收人：前台代收$',
      `^【${zhCity}】快件派送中，派件员正在为您派件$`,
      `^快件已到达【${zhCity}转运中心】$`,
      `^快件已从【${zhCity}转运中心】发出$`,
      `^【${zhCity}】快件已揽收$`,
    ].forEach((pattern, i) => expect(chinese[i]).toMatch(new RegExp(pattern)));

    const enCity = '(Shenzhen|Guangzhou|Shanghai|Hangzhou|Beijing|Chengdu|Wuhan|Nanjing)';
    const english = await track('en-US');
    expect(english).toHaveLength(5);
    [
      '^Delivered; signed for at the front desk$',
      `^Out for delivery in ${enCity}$`,
      `^Arrived at the ${enCity} sorting centre$`,
      `^Left the ${enCity} sorting centre$`,
      `^Picked up in ${enCity}$`,
    ].forEach((pattern, i) => expect(english[i]).toMatch(new RegExp(pattern)));
  });

  it('refuses a shipment for electronic cards', async () => {
    const { data } = await submit(server, alice, type.id, [freshCard()]);
    expect(
      (
        await server.call('POST', '/api/order/logistics', {
          token: alice,
          body: { orderId: data.orderId, carrier: 'SF', trackingNo: 'SF1234567890' },
        })
      ).code,
    ).toBe(Code.OrderNotPhysical);
  });
});

describe('account cancellation', () => {
  it('is refused while cards are under review', async () => {
    const carol = await server.login('13800000003');
    await submit(server, carol, type.id, [freshCard()]);
    const result = await server.call('GET', '/api/Authentication/cancel', { token: carol });
    expect(result.code).toBe(Code.CancelBlockedByOpenItems);
  });

  it('names the cards under review, and how many, in the reader’s language', async () => {
    const dave = await server.login('13800000004');
    await submit(server, dave, type.id, [freshCard(), freshCard()]);
    const cancel = (language: string) =>
      server.call('GET', '/api/Authentication/cancel', { token: dave, headers: { 'accept-language': language } });
    expect(await cancel('en-US')).toMatchObject({
      code: Code.CancelBlockedByOpenItems,
      msg: 'You still have unfinished cards under review (2); finish them before cancelling the account',
    });
    expect(await cancel('zh-CN')).toMatchObject({
      code: Code.CancelBlockedByOpenItems,
      msg: '还有未完成的审核中的卡（2张），请处理完成后再注销',
    });
  });
});
