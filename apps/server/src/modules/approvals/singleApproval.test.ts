import { CardStatus, Code } from '@maika/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, supplierCallback, type CardTypeFixture } from '../../../test/cardFixtures';
import type { Body, TestServer } from '../../../test/harness';
import { newKey, verifiedUser } from '../../../test/moneyFixtures';
import { adminCall, adminRaw, consoleServer, operator, type Method } from '../../../test/console';
import { creditCard } from '../cards';

let server: TestServer;
let type: CardTypeFixture;
let phone = 13600000700;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const as = (token: string, method: Method, url: string, body?: unknown): Promise<Body> => adminCall(server, token, method, url, body);

beforeAll(async () => {
  ({ server } = await consoleServer());
  type = await createCardType(server);
  // 600 yuan at 95 %: settles 570 yuan; two of them pass the default 1,000-yuan threshold.
  await sql('insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, 60000, 9500)', [type.id]);
});

async function seller(): Promise<{ token: string; userId: number }> {
  return verifiedUser(server, String((phone += 1)));
}

async function cardsOf(token: string, n: number, faceValueFen: number, cardType = type.id): Promise<number[]> {
  const { data } = await submit(
    server,
    token,
    cardType,
    Array.from({ length: n }, () => freshCard()),
    faceValueFen,
  );
  return (await sql('select id from cards where order_id = $1 order by line_no', [data.orderId])).rows.map((r) => Number(r.id));
}

const card = async (id: number) => (await sql('select * from cards where id = $1', [id])).rows[0];
const pendingFor = async (id: number) =>
  (await sql(`select * from second_approvals where target_id = $1 and kind <> 'ledger.adjust' and status = 'pending'`, [id])).rows[0];
const adjust = (token: string, userId: number, amountFen: number) =>
  as(token, 'POST', `/api/admin/users/${userId}/adjust`, { amountFen, reason: 'compensation', idempotencyKey: newKey() });

/** The channel's signed verdict on a card, as the supplier sends it. */
async function channelSays(id: number, outcome: 'rejected' | 'notActivated', reason: string): Promise<void> {
  expect((await supplierCallback(server, { body: JSON.stringify({ ref: String(id), outcome, reason }) })).code).toBe(Code.Ok);
}

describe('the 24-hour sums of credits made without a second approval', () => {
  it("sends the adjustment that takes an operator's 24-hour sum over the threshold to second approval", async () => {
    const finance = await operator(server, 'finance');
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => seller()));
    // Five 1,000-yuan credits by one operator, each at the threshold: only the first is posted alone.
    const answers = [];
    for (const u of users) answers.push(await adjust(finance, u.userId, 100_000));
    expect(answers.map((a) => a.code)).toEqual(users.map(() => Code.Ok));
    expect(answers[0]!.data).toMatchObject({ transferId: expect.any(Number), availableFen: 100_000, pendingApprovalId: null });
    for (const a of answers.slice(1))
      expect(a.data).toMatchObject({ transferId: null, availableFen: 0, pendingApprovalId: expect.any(Number) });

    // Approved by a second operator it is posted, and counts for neither of them.
    const second = await operator(server, 'finance');
    expect((await as(second, 'POST', `/api/admin/approvals/${answers[1]!.data.pendingApprovalId}/approve`)).code).toBe(Code.Ok);
    expect((await adjust(second, users[2]!.userId, 100_000)).data.pendingApprovalId).toBeNull();
    // A debit is never held back.
    expect((await adjust(finance, users[0]!.userId, -50_000)).data).toMatchObject({ availableFen: 50_000, pendingApprovalId: null });
  });

  it("sends the adjustment that takes a user's 24-hour sum over the threshold to second approval", async () => {
    const user = await seller();
    const [first, second] = [await operator(server, 'finance'), await operator(server, 'finance')];
    expect((await adjust(first, user.userId, 60_000)).data.pendingApprovalId).toBeNull();
    expect((await adjust(second, user.userId, 60_000)).data).toMatchObject({ transferId: null, pendingApprovalId: expect.any(Number) });
  });

  it('counts only the last 24 hours', async () => {
    const user = await seller();
    const finance = await operator(server, 'finance');
    expect((await adjust(finance, user.userId, 100_000)).data.pendingApprovalId).toBeNull();
    expect((await adjust(finance, user.userId, 1)).data.pendingApprovalId).toEqual(expect.any(Number));
    await sql(`update single_approval_credits set created_at = now() - interval '24 hours 1 minute' where user_id = $1`, [user.userId]);
    expect((await adjust(finance, user.userId, 100_000)).data.pendingApprovalId).toBeNull();
  });

  it('weighs credits of one operator sent at the same moment one after the other, so two cannot both slip under', async () => {
    const finance = await operator(server, 'finance');
    const [a, b] = [await seller(), await seller()];
    const answers = await Promise.all([adjust(finance, a.userId, 60_000), adjust(finance, b.userId, 60_000)]);
    expect(answers.map((r) => r.code)).toEqual([Code.Ok, Code.Ok]);
    expect(answers.filter((r) => r.data.pendingApprovalId === null)).toHaveLength(1);
    expect(answers.filter((r) => r.data.transferId === null)).toHaveLength(1);
  });

  it('answers a repeated adjustment key as the first call did, whatever the sums say now', async () => {
    const user = await seller();
    const finance = await operator(server, 'finance');
    const body = { amountFen: 100_000, reason: 'compensation', idempotencyKey: newKey() };
    const first = await as(finance, 'POST', `/api/admin/users/${user.userId}/adjust`, body);
    const again = await as(finance, 'POST', `/api/admin/users/${user.userId}/adjust`, body);
    expect(again.data).toEqual(first.data);
    expect(first.data.pendingApprovalId).toBeNull();
    expect((await sql('select count(*)::int as n from single_approval_credits where user_id = $1', [user.userId])).rows[0].n).toBe(1);
  });

  it("sends the card pass that takes a reviewer's or a user's 24-hour sum over the threshold to second approval", async () => {
    const [one, two] = [await seller(), await seller()];
    const reviewer = await operator(server, 'reviewer');
    const [a] = await cardsOf(one.token, 1, 60_000);
    const [b, c, d] = await cardsOf(two.token, 3, 60_000);
    expect((await as(reviewer, 'POST', `/api/admin/cards/${a}/approve`, {})).data).toMatchObject({ status: CardStatus.Passed });
    // The reviewer's sum: 570 + 570 yuan passes 1,000.
    const asked = await as(reviewer, 'POST', `/api/admin/cards/${b}/approve`, {});
    expect(asked.data).toMatchObject({ status: CardStatus.Unreviewed, pendingApproval: { actualFaceValueFen: 60_000 } });
    expect(asked.msg).toMatch(/second approval/);
    // The user's sum, over two other reviewers.
    expect((await as(await operator(server, 'reviewer'), 'POST', `/api/admin/cards/${c}/approve`, {})).data.status).toBe(CardStatus.Passed);
    expect((await as(await operator(server, 'reviewer'), 'POST', `/api/admin/cards/${d}/approve`, {})).data.status).toBe(
      CardStatus.Unreviewed,
    );
    expect(await pendingFor(d!)).toMatchObject({ amount_fen: 57000, payload: { actualFaceValueFen: 60_000, settlementRateBp: 9500 } });
  });

  it('bulk approve sends cards over the daily sum to second approval', async () => {
    const { token } = await seller();
    const reviewer = await operator(server, 'reviewer');
    // Twelve 100-yuan cards settling 95 yuan each: ten fit in 1,000 yuan.
    const ids = await cardsOf(token, 12, 10_000);
    const bulk = await as(reviewer, 'POST', '/api/admin/cards/bulkApprove', { ids });
    expect(bulk.data.done).toEqual(ids.slice(0, 10));
    expect(bulk.data.skipped).toEqual(
      ids
        .slice(10)
        .map((id) => ({ id, reason: expect.stringMatching(/without a second reviewer in 24 hours\): recorded for a second reviewer/) })),
    );
    for (const id of ids.slice(10)) {
      expect((await card(id)).status).toBe(CardStatus.Unreviewed);
      expect(await pendingFor(id)).toMatchObject({ kind: 'card.approve', amount_fen: 9500 });
    }
  });
});

describe('cards the channel rejected or found not activated', () => {
  it('needs a second reviewer to pass a card the channel called used', async () => {
    const user = await seller();
    const [id] = await cardsOf(user.token, 1, 10_000);
    await channelSays(id!, 'rejected', '卡密已被使用');
    expect(await card(id!)).toMatchObject({ status: CardStatus.Rejected, channel_verdict: CardStatus.Rejected });
    const appeal = await server.call('POST', '/api/order/appeal', { token: user.token, body: { cardId: id, reason: 'I never used it' } });
    expect(appeal.code).toBe(Code.Ok);

    const reviewer = await operator(server, 'reviewer');
    const uphold = { uphold: true, reply: 'the issuer says it is unused' };
    const asked = await as(reviewer, 'POST', `/api/admin/appeals/${id}/decide`, uphold);
    expect(asked.data).toMatchObject({ status: CardStatus.UnderAppeal, pendingApproval: { actualFaceValueFen: 10_000 } });
    const request = await pendingFor(id!);
    expect(request).toMatchObject({ kind: 'card.appeal', amount_fen: 9500 });
    expect((await as(await operator(server, 'reviewer'), 'POST', `/api/admin/approvals/${request.id}/approve`)).code).toBe(Code.Ok);
    expect(await card(id!)).toMatchObject({
      status: CardStatus.Passed,
      settlement_fen: 9500,
      appeal_reply: 'the issuer says it is unused',
    });
  });

  it('needs a second reviewer to pass a card the channel or a reviewer found not activated, also in bulk', async () => {
    const user = await seller();
    const [byChannel, byReviewer, another] = await cardsOf(user.token, 3, 10_000);
    await channelSays(byChannel!, 'notActivated', '卡未激活');
    await channelSays(another!, 'notActivated', '卡未激活');
    const reviewer = await operator(server, 'reviewer');
    expect((await as(reviewer, 'POST', `/api/admin/cards/${byReviewer}/notActivated`, {})).data.status).toBe(CardStatus.NotActivated);

    expect((await as(reviewer, 'POST', `/api/admin/cards/${byChannel}/approve`, {})).data).toMatchObject({
      status: CardStatus.NotActivated,
      pendingApproval: { actualFaceValueFen: 10_000 },
    });
    const other = await operator(server, 'reviewer');
    const bulk = await as(other, 'POST', '/api/admin/cards/bulkApprove', { ids: [byReviewer] });
    expect(bulk.data).toEqual({ done: [], skipped: [{ id: byReviewer, reason: expect.stringMatching(/^the card channel rejected/) }] });
    const zh = await adminRaw(server, other, 'POST', '/api/admin/cards/bulkApprove', { ids: [another] }, 'zh-CN');
    expect(zh.json().data.skipped).toEqual([
      { id: another, reason: '渠道曾判定该卡无效（如已使用）或未激活，已提交复核，需另一位审核员在“待复核”中批准' },
    ]);
    for (const id of [byReviewer, another]) expect((await card(id!)).status).toBe(CardStatus.NotActivated);
    // Another reviewer passing it at the same value is the second approval.
    expect((await as(other, 'POST', `/api/admin/cards/${byChannel}/approve`, {})).data.status).toBe(CardStatus.Passed);
  });

  it('marks, once migrated, the cards the channel rejected before its verdicts were kept, and none a reviewer rejected', async () => {
    const { token } = await seller();
    const [byChannel, byReviewer] = await cardsOf(token, 2, 10_000);
    await as(await operator(server, 'reviewer'), 'POST', `/api/admin/cards/${byReviewer}/reject`, { reason: 'used' });
    await sql(`update cards set status = $2, channel_submitted_at = now(), channel_verdict = null where id = any($1)`, [
      [byChannel, byReviewer],
      CardStatus.Rejected,
    ]);
    // By name, not number, so a renumbered migration still finds its backfill.
    const drizzle = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(drizzle).find((name) => name.endsWith('_single_approval_totals.sql'))!;
    const backfill = readFileSync(new URL(file, drizzle), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "cards"'))!;
    await sql(backfill);
    expect((await card(byChannel!)).channel_verdict).toBe(CardStatus.Rejected);
    expect((await card(byReviewer!)).channel_verdict).toBeNull();
  });
});

describe('what a second approver approves', () => {
  it('credits exactly the amount the second approver saw, or refuses', async () => {
    const own = await createCardType(server);
    const { token } = await seller();
    const [id] = await cardsOf(token, 1, 10_000, own.id);
    const reviewer = await operator(server, 'reviewer');
    await as(reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 });
    const listed = (await as(reviewer, 'GET', '/api/admin/approvals')).data.list.find((r: { targetId: number }) => r.targetId === id);
    expect(listed).toMatchObject({ amountFen: 19_200, settlementRateBp: 9600, actualFaceValueFen: 20_000 });

    // The rate of 200 yuan changes while the request waits.
    const rate = (bp: number) =>
      sql('update face_values set rate_bp = $2 where card_type_id = $1 and face_value_fen = 20000', [own.id, bp]);
    await rate(9800);
    const second = await operator(server, 'reviewer');
    const url = `/api/admin/approvals/${listed.id}/approve`;
    const refused = await as(second, 'POST', url);
    expect(refused.code).toBe(Code.ApprovalAmountChanged);
    expect(refused.msg).toBe(
      'This request was for ¥192.00 (rate 96.00%), but at the rates of now the card settles ¥196.00 (rate 98.00%), not the amount you would approve; nothing was changed. Decline it and ask the first operator to request again',
    );
    expect((await adminRaw(server, second, 'POST', url, undefined, 'zh-CN')).json().msg).toBe(
      '该申请提交时结算¥192.00（费率96.00%），按现在的费率应结算¥196.00（费率98.00%），与批准的金额不符，未做任何更改；请驳回该申请，请发起人重新提交',
    );
    // Agreeing by passing the card at the same value is refused the same way.
    expect((await as(second, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 })).code).toBe(
      Code.ApprovalAmountChanged,
    );
    expect(await card(id!)).toMatchObject({ status: CardStatus.Unreviewed, settlement_fen: null });
    expect((await pendingFor(id!)).id).toBe(listed.id);

    await rate(9600);
    expect((await as(second, 'POST', url)).code).toBe(Code.Ok);
    expect(await card(id!)).toMatchObject({ status: CardStatus.Passed, settlement_fen: 19200, settlement_rate_bp: 9600 });
    await creditCard(server.deps, id!);
    const { rows } = await sql('select amount_fen from ledger_transfers where idempotency_key = $1', [`card:${id}:settlement`]);
    expect(rows).toEqual([{ amount_fen: 19200 }]);
  });
});
