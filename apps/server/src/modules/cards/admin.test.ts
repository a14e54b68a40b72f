import { CardStatus, Code, SettlementStatus } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit, type CardTypeFixture } from '../../../test/cardFixtures';
import { createTestServer, type Body, type TestServer } from '../../../test/harness';
import type { AdminRole } from '../../db/schema';
import { creditCard } from './settleService';
import { adminCall, operator, operators, type Method } from '../../../test/console';

let server: TestServer;
let user: string;
let type: CardTypeFixture;
let tokens: Record<AdminRole, string>;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const admin = (role: AdminRole, method: Method, url: string, body?: unknown): Promise<Body> =>
  adminCall(server, tokens[role], method, url, body);

beforeAll(async () => {
  server = await createTestServer();
  tokens = await operators(server);
  user = await server.login('13800000031');
  type = await createCardType(server);
});

async function cardIds(n: number, pwdEnding = '9876'): Promise<number[]> {
  const { data } = await submit(
    server,
    user,
    type.id,
    Array.from({ length: n }, () => freshCard(pwdEnding)),
  );
  return (await sql('select id from cards where order_id = $1 order by line_no', [data.orderId])).rows.map((r) => r.id);
}

describe('roles', () => {
  it('lets reviewers and admins review cards, and nobody else', async () => {
    const [id] = await cardIds(1);
    for (const role of ['finance', 'support'] as const) {
      expect((await admin(role, 'GET', '/api/admin/cards')).code).toBe(Code.AdminForbidden);
      expect((await admin(role, 'POST', `/api/admin/cards/${id}/reveal`, { reason: 'checking it' })).code).toBe(Code.AdminForbidden);
      expect((await admin(role, 'POST', `/api/admin/cards/${id}/approve`, {})).code).toBe(Code.AdminForbidden);
      expect((await admin(role, 'GET', '/api/admin/cardTypes')).code).toBe(Code.AdminForbidden);
    }
    for (const role of ['admin', 'reviewer'] as const) expect((await admin(role, 'GET', '/api/admin/cards')).code).toBe(Code.Ok);
  });

  it('lets only admins change the catalogue', async () => {
    expect((await admin('reviewer', 'GET', '/api/admin/cardTypes')).code).toBe(Code.Ok);
    expect((await admin('reviewer', 'POST', '/api/admin/categories', { name: 'Nope' })).code).toBe(Code.AdminForbidden);
    expect((await admin('reviewer', 'PUT', `/api/admin/cardTypes/${type.id}`, { maintenance: true })).code).toBe(Code.AdminForbidden);
  });
});

describe('review', () => {
  it('lists cards masked, filters them, and reveals one only through an audited call', async () => {
    const card = freshCard();
    const { data } = await submit(server, user, type.id, [card]);
    const list = await admin('reviewer', 'GET', `/api/admin/cards?status=0&goodsId=${type.id}&phone=0031`);
    const row = list.data.list.find((c: { orderId: number }) => c.orderId === data.orderId);
    expect(row).toMatchObject({
      status: 0,
      goodsId: type.id,
      userPhone: '13800000031',
      cardNoMasked: `${card.cardNo.slice(0, 3)}****${card.cardNo.slice(-4)}`,
    });
    expect(JSON.stringify(list)).not.toContain(card.cardPwd);
    await admin('reviewer', 'POST', `/api/admin/cards/${row.id}/abnormal`, { reason: 'issuer timeout' });
    const secret = await admin('reviewer', 'POST', `/api/admin/cards/${row.id}/reveal`, { reason: 'checking with the issuer' });
    expect(secret.data).toEqual(card);
    const audit = await sql(`select action, target_id, detail from audit_log where action = 'card.reveal' order by id desc limit 1`);
    expect(audit.rows[0]).toMatchObject({ action: 'card.reveal', target_id: String(row.id) });
    expect(JSON.stringify(audit.rows[0].detail)).not.toContain(card.cardPwd);
  });

  it('approves at an actual face value, queues the credit, and refuses a second decision', async () => {
    const [id] = await cardIds(1);
    // Above the declared value: recorded by one reviewer, carried out by a second one.
    const asked = await admin('reviewer', 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 });
    expect(asked.data).toMatchObject({ status: 0, pendingApproval: { actualFaceValueFen: 20_000 } });
    const approved = await adminCall(server, await operator(server, 'reviewer'), 'POST', `/api/admin/cards/${id}/approve`, {
      actualFaceValueFen: 20_000,
    });
    expect(approved.data).toMatchObject({
      status: 1,
      settlementStatus: 1,
      actualFaceValueFen: 20_000,
      settlementRateBp: 9600,
      settlementFen: 19_200,
    });
    const again = await admin('reviewer', 'POST', `/api/admin/cards/${id}/reject`, { reason: 'late' });
    expect(again).toMatchObject({ code: Code.CardStateConflict });
    expect(again.msg).toContain('Passed');
    await creditCard(server.deps, id!);
    expect((await admin('admin', 'GET', `/api/admin/cards/${id}`)).data.settlementStatus).toBe(SettlementStatus.Credited);
  });

  it('freezes money not credited yet, keeps it frozen through a pass, and unfreezes to pending credit', async () => {
    const [id] = await cardIds(1);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${id}/freeze`)).data.settlementStatus).toBe(SettlementStatus.Frozen);
    const passed = await admin('reviewer', 'POST', `/api/admin/cards/${id}/approve`, {});
    expect(passed.data).toMatchObject({ status: 1, settlementStatus: SettlementStatus.Frozen });
    expect(await creditCard(server.deps, id!)).toBe('skipped');
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${id}/unfreeze`)).data.settlementStatus).toBe(SettlementStatus.PendingCredit);
    expect(await creditCard(server.deps, id!)).toBe('credited');
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${id}/freeze`)).code).toBe(Code.CardStateConflict);
  });

  it('rejects, marks not activated and abnormal with reasons', async () => {
    const [a, b, c] = await cardIds(3);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${a}/reject`, { reason: 'used card' })).data).toMatchObject({
      status: 2,
      rejectReason: 'used card',
    });
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${b}/notActivated`, {})).data.status).toBe(CardStatus.NotActivated);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${c}/abnormal`, { reason: 'issuer timeout' })).data).toMatchObject({
      status: 5,
      canAppeal: false,
    });
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${c}/abnormal`, { reason: '' })).code).toBe(Code.InvalidInput);
  });

  it('bulk-approves, reporting the cards it could not change', async () => {
    const ids = await cardIds(3);
    await admin('reviewer', 'POST', `/api/admin/cards/${ids[0]}/reject`, { reason: 'bad' });
    const result = await admin('reviewer', 'POST', '/api/admin/cards/bulkApprove', { ids: [...ids, 99_999_999] });
    expect(result.data.done).toEqual([ids[1], ids[2]]);
    expect(result.data.skipped.map((s: { id: number }) => s.id)).toEqual([ids[0], 99_999_999]);
    const rejected = await admin('reviewer', 'POST', '/api/admin/cards/bulkReject', { ids: [ids[1]], reason: 'x' });
    expect(rejected.data.skipped).toHaveLength(1);
  });
});

describe('a card in manual review', () => {
  const orderOf = async (cardId: number): Promise<number> =>
    (await sql('select order_id from cards where id = $1', [cardId])).rows[0].order_id as number;

  it('counts as in progress for its order, in the order list and detail, and cannot be appealed', async () => {
    const [rejected, inReview] = await cardIds(2);
    await admin('reviewer', 'POST', `/api/admin/cards/${rejected}/reject`, { reason: 'used card' });
    await admin('reviewer', 'POST', `/api/admin/cards/${inReview}/abnormal`, { reason: 'issuer timeout' });
    const orderId = await orderOf(inReview!);
    const detail = (await server.call('GET', `/api/order/detail?id=${orderId}`, { token: user })).data.order;
    const list = await server.call('GET', `/api/order/list?status=${CardStatus.Abnormal}&page=1&pageSize=50`, { token: user });
    const listed = list.data.list.find((o: { id: number }) => o.id === orderId);
    for (const order of [detail, listed]) expect(order).toMatchObject({ passedCount: 0, pendingCount: 1 });
    const states = (cards: { status: number; canAppeal: boolean }[]) => cards.map((c) => [c.status, c.canAppeal]);
    expect(states(detail.cards)).toEqual([
      [CardStatus.Rejected, true],
      [CardStatus.Abnormal, false],
    ]);
    expect(states(listed.matchingCards)).toEqual([[CardStatus.Abnormal, false]]);
    const appeal = await server.call('POST', '/api/order/appeal', {
      token: user,
      body: { cardId: inReview, reason: 'please check again' },
    });
    expect(appeal.code).toBe(Code.CardAppealNotAllowed);
  });

  it('waits in the review queue beside unreviewed cards, where a reviewer passes or rejects it', async () => {
    const [toPass, toReject, rejected, unreviewed] = await cardIds(4);
    for (const id of [toPass, toReject]) await admin('reviewer', 'POST', `/api/admin/cards/${id}/abnormal`, { reason: 'issuer timeout' });
    await admin('reviewer', 'POST', `/api/admin/cards/${rejected}/reject`, { reason: 'used card' });
    const queue = await admin('reviewer', 'GET', `/api/admin/cards?queue=review&goodsId=${type.id}&pageSize=100`);
    const queued = queue.data.list.map((c: { id: number }) => c.id);
    expect(queued).toEqual(expect.arrayContaining([toPass, toReject, unreviewed]));
    expect(queued).not.toContain(rejected);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${toPass}/approve`, {})).data.status).toBe(CardStatus.Passed);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${toReject}/reject`, { reason: 'used card' })).data.status).toBe(
      CardStatus.Rejected,
    );
    expect((await admin('reviewer', 'GET', '/api/admin/cards?queue=later')).code).toBe(Code.InvalidInput);
  });
});

describe('a mailed card before it arrives', () => {
  const queueSize = async (): Promise<number> => (await admin('reviewer', 'GET', '/api/admin/dashboard')).data.queues.review;

  it('is marked awaiting receipt and left out of the review queue and the to-do count until it is received', async () => {
    const mailed = await createCardType(server, { physical: true });
    const before = await queueSize();
    const { data } = await submit(server, user, mailed.id, [freshCard()]);
    const row = async () =>
      (await admin('reviewer', 'GET', `/api/admin/cards?status=${CardStatus.Unreviewed}&goodsId=${mailed.id}`)).data.list[0];
    const queued = async () =>
      (await admin('reviewer', 'GET', `/api/admin/cards?queue=review&goodsId=${mailed.id}`)).data.list.map((c: { id: number }) => c.id);
    const card = await row();
    expect(card).toMatchObject({ orderId: data.orderId, status: CardStatus.Unreviewed, awaitingReceipt: true });
    expect(await queued()).toEqual([]);
    expect(await queueSize()).toBe(before);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${card.id}/approve`, {})).code).toBe(Code.CardNotReceived);

    expect((await admin('reviewer', 'POST', `/api/admin/shipments/${data.orderId}/received`)).code).toBe(Code.Ok);
    expect(await row()).toMatchObject({ id: card.id, awaitingReceipt: false });
    expect(await queued()).toEqual([card.id]);
    expect(await queueSize()).toBe(before + 1);
  });
});

describe('appeals', () => {
  async function appealed() {
    const [id] = await cardIds(1);
    await admin('reviewer', 'POST', `/api/admin/cards/${id}/reject`, { reason: 'first verdict' });
    const res = await server.call('POST', '/api/order/appeal', { token: user, body: { cardId: id, reason: 'please check again' } });
    expect(res.code).toBe(Code.Ok);
    return id!;
  }

  it('lists appeals; upholding passes the card with the reply and credits it', async () => {
    const id = await appealed();
    const list = await admin('reviewer', 'GET', '/api/admin/appeals');
    expect(list.data.list.map((c: { id: number }) => c.id)).toContain(id);
    expect((await admin('reviewer', 'POST', `/api/admin/cards/${id}/approve`, {})).code).toBe(Code.CardStateConflict);
    const decided = await admin('reviewer', 'POST', `/api/admin/appeals/${id}/decide`, {
      uphold: true,
      reply: 'verified with the issuer',
      actualFaceValueFen: 5_000,
    });
    expect(decided.data).toMatchObject({
      status: 1,
      settlementStatus: 1,
      appealReply: 'verified with the issuer',
      settlementFen: 4500,
      rejectReason: null,
    });
  });

  it('dismissing returns the card to where it was, and it cannot be appealed again', async () => {
    const id = await appealed();
    const decided = await admin('reviewer', 'POST', `/api/admin/appeals/${id}/decide`, { uphold: false, reply: 'the issuer confirms' });
    expect(decided.data).toMatchObject({ status: 2, appealReply: 'the issuer confirms', canAppeal: false, rejectReason: 'first verdict' });
    expect((await admin('reviewer', 'POST', `/api/admin/appeals/${id}/decide`, { uphold: true, reply: 'again' })).code).toBe(
      Code.CardStateConflict,
    );
  });
});

describe('catalogue', () => {
  it('creates a category and card type, sets face values, maintenance and daily cap; each write audited', async () => {
    const category = await admin('admin', 'POST', '/api/admin/categories', { name: 'Gift cards', sort: 5 });
    expect(category.code).toBe(Code.Ok);
    const created = await admin('admin', 'POST', '/api/admin/cardTypes', {
      categoryId: category.data.id,
      name: 'New card',
      cardNoRuleType: 3,
      cardNoLength: 12,
      pwdRuleType: 1,
      dailyCapPerUser: 10,
    });
    expect(created.data).toMatchObject({ name: 'New card', cardNoRuleType: 3, cardNoLength: 12, dailyCapPerUser: 10, faceValues: [] });
    const typeId = created.data.id;
    const priced = await admin('admin', 'POST', `/api/admin/cardTypes/${typeId}/faceValues`, { faceValueFen: 10_000, rateBp: 9300 });
    expect(priced.data.faceValues).toMatchObject([{ faceValueFen: 10_000, rateBp: 9300, enabled: true }]);
    const repriced = await admin('admin', 'POST', `/api/admin/cardTypes/${typeId}/faceValues`, { faceValueFen: 10_000, rateBp: 9400 });
    expect(repriced.data.faceValues).toHaveLength(1);
    const off = await admin('admin', 'PUT', `/api/admin/faceValues/${repriced.data.faceValues[0].id}`, { enabled: false });
    expect(off.data.faceValues[0]).toMatchObject({ rateBp: 9400, enabled: false });
    const closed = await admin('admin', 'PUT', `/api/admin/cardTypes/${typeId}`, {
      maintenance: true,
      maintenanceNote: 'Supplier upgrade',
    });
    expect(closed.data).toMatchObject({ maintenance: true, maintenanceNote: 'Supplier upgrade' });
    expect((await admin('admin', 'PUT', '/api/admin/cardTypes/99999999', { name: 'x' })).code).toBe(Code.NotFound);
    expect((await admin('admin', 'POST', '/api/admin/cardTypes', { categoryId: 99999999, name: 'x' })).code).toBe(Code.NotFound);
    const actions = (await sql(`select action from audit_log where action like 'catalogue.%'`)).rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'catalogue.category.create',
        'catalogue.cardType.create',
        'catalogue.faceValue.save',
        'catalogue.faceValue.update',
        'catalogue.cardType.update',
      ]),
    );
  });
});
