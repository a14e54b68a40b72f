import { cardStatusTable, CardStatus, Code, contract, SettlementStatus, type Locale } from '@maika/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createCardType, freshCard, submit, supplierCallback, type CardTypeFixture } from '../../../test/cardFixtures';
import type { Body, TestServer } from '../../../test/harness';
import { alipayPayee, credit, newKey, savePayee, verifiedUser } from '../../../test/moneyFixtures';
import type { AdminRole } from '../../db/schema';
import { adminCall, adminRaw, auditActions, consoleServer, operator, type Method } from '../../../test/console';
import { creditCard } from '../cards';
import { checkLedger } from '../ledger';

let server: TestServer;
let ops: Record<AdminRole, string>;
let seller: string;
let type: CardTypeFixture;
let phone = 13600000100;
const sql = (text: string, params: unknown[] = []) => server.deps.database.pool.query(text, params);
const as = (token: string, method: Method, url: string, body?: unknown): Promise<Body> => adminCall(server, token, method, url, body);

beforeAll(async () => {
  ({ server, ops } = await consoleServer());
  seller = await server.login('13600000001');
  type = await createCardType(server);
  // 2,000 yuan at 95 %: settles 1,900 yuan, above the default 1,000-yuan threshold.
  await sql('insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, 200000, 9500)', [type.id]);
});

async function cardId(faceValueFen = 10_000, pwdEnding = '9876'): Promise<number> {
  const { data } = await submit(server, seller, type.id, [freshCard(pwdEnding)], faceValueFen);
  return (await sql('select id from cards where order_id = $1', [data.orderId])).rows[0].id;
}
const card = async (id: number) => (await sql('select * from cards where id = $1', [id])).rows[0];
const settlements = async (id: number) =>
  (await sql('select amount_fen from ledger_transfers where idempotency_key = $1', [`card:${id}:settlement`])).rows;

describe('card value rules', () => {
  it('refuses an actual face value the card type does not have, naming the ones it has', async () => {
    const id = await cardId();
    const answer = await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 10_000_000_000_000 });
    expect(answer.code).toBe(Code.FaceValueNotOfCardType);
    expect(answer.msg).toContain('¥50.00, ¥100.00, ¥200.00, ¥2,000.00');
    expect((await card(id)).status).toBe(CardStatus.Unreviewed);
  });

  it('records a pass above the declared value until a second, different reviewer approves it', async () => {
    const id = await cardId();
    const asked = await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 });
    expect(asked).toMatchObject({
      code: Code.Ok,
      data: { status: CardStatus.Unreviewed, pendingApproval: { actualFaceValueFen: 20_000 } },
    });
    expect(asked.msg).toMatch(/second approval/);
    expect((await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 })).code).toBe(
      Code.ApprovalSameOperator,
    );
    expect((await as(ops.admin, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 5_000 })).code).toBe(
      Code.ApprovalAlreadyPending,
    );

    const queue = await as(ops.admin, 'GET', '/api/admin/approvals');
    const request = queue.data.list.find((r: { targetId: number }) => r.targetId === id);
    expect(request).toMatchObject({
      kind: 'card.approve',
      status: 'pending',
      actualFaceValueFen: 20_000,
      declaredFaceValueFen: 10_000,
      amountFen: 19_200,
    });
    expect(request.requestedByName).toMatch(/^reviewer/);
    expect((await as(ops.reviewer, 'POST', `/api/admin/approvals/${request.id}/approve`)).code).toBe(Code.ApprovalSameOperator);

    expect((await as(await operator(server, 'reviewer'), 'POST', `/api/admin/approvals/${request.id}/approve`)).code).toBe(Code.Ok);
    expect(await card(id)).toMatchObject({
      status: CardStatus.Passed,
      settlement_status: SettlementStatus.PendingCredit,
      actual_face_value_fen: 20_000,
      settlement_fen: 19_200,
    });
    expect(await auditActions(server, 'approval', request.id)).toEqual(['approval.approve']);
    const decided = (await as(ops.admin, 'GET', '/api/admin/approvals?status=approved')).data.list.find(
      (r: { id: number }) => r.id === request.id,
    );
    expect(decided.decidedByName).toMatch(/^reviewer/);
  });

  it('needs a second reviewer for a settlement above the threshold, even at the declared value and in bulk', async () => {
    const id = await cardId(200_000);
    const bulk = await adminCall(server, ops.reviewer, 'POST', '/api/admin/cards/bulkApprove', { ids: [id] });
    expect(bulk.data).toMatchObject({ done: [], skipped: [{ id, reason: expect.stringMatching(/second reviewer/) }] });
    expect((await card(id)).status).toBe(CardStatus.Unreviewed);
    const second = await as(ops.admin, 'POST', `/api/admin/cards/${id}/approve`, {});
    expect(second.data).toMatchObject({ status: CardStatus.Passed, settlementFen: 190_000, pendingApproval: null });
  });

  it('tells each operator in their own language why a card or a request was left as it was', async () => {
    const id = await cardId(200_000);
    const inChinese = (url: string, body?: unknown) => adminRaw(server, ops.reviewer, 'POST', url, body, 'zh-CN').then((r) => r.json());
    const bulk = await inChinese('/api/admin/cards/bulkApprove', { ids: [id, 99_999_999] });
    expect(bulk.data.skipped).toEqual([
      { id, reason: '金额较大（单笔或24小时内累计），已提交复核，需另一位审核员在“待复核”中批准' },
      { id: 99_999_999, reason: '该卡不存在或已删除' },
    ]);
    const { data } = await as(ops.admin, 'GET', '/api/admin/cards/' + id);
    await as(ops.admin, 'POST', `/api/admin/approvals/${data.pendingApproval.id}/decline`, { reason: 'the issuer says 100 yuan' });
    const url = `/api/admin/approvals/${data.pendingApproval.id}/approve`;
    expect((await adminRaw(server, ops.admin, 'POST', url, undefined, 'zh-CN')).json().msg).toBe(
      '该复核申请已驳回，不能再处理；请刷新后查看',
    );
    expect((await adminRaw(server, ops.admin, 'POST', url, undefined, 'en-US')).json().msg).toBe(
      'This request was already declined and cannot be decided again; reload to see it',
    );
  });

  it('declining changes nothing on the card, and a later rejection needs no approval', async () => {
    const id = await cardId();
    await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 });
    const { data } = await as(ops.admin, 'GET', '/api/admin/cards/' + id);
    expect((await as(ops.admin, 'POST', `/api/admin/approvals/${data.pendingApproval.id}/decline`, { reason: '' })).code).toBe(
      Code.InvalidInput,
    );
    expect(
      (await as(ops.admin, 'POST', `/api/admin/approvals/${data.pendingApproval.id}/decline`, { reason: 'the issuer says 100 yuan' })).code,
    ).toBe(Code.Ok);
    expect((await as(ops.admin, 'POST', `/api/admin/approvals/${data.pendingApproval.id}/approve`)).code).toBe(Code.ApprovalNotPending);
    expect(await card(id)).toMatchObject({ status: CardStatus.Unreviewed, settlement_fen: null });
    expect((await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/reject`, { reason: 'used' })).data.status).toBe(CardStatus.Rejected);
  });

  it('carries out a request once when two reviewers approve it at the same moment', async () => {
    const id = await cardId();
    await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 });
    const { data } = await as(ops.admin, 'GET', '/api/admin/cards/' + id);
    const [a, b] = await Promise.all([operator(server, 'reviewer'), operator(server, 'reviewer')]);
    const answers = await Promise.all([
      as(a!, 'POST', `/api/admin/approvals/${data.pendingApproval.id}/approve`),
      as(b!, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 }),
    ]);
    expect(answers.filter((r) => r.code === Code.Ok)).toHaveLength(1);
    expect([Code.ApprovalNotPending, Code.CardStateConflict]).toContain(answers.map((r) => r.code).find((c) => c !== Code.Ok));
    await Promise.all([creditCard(server.deps, id), creditCard(server.deps, id)]);
    expect(await settlements(id)).toEqual([{ amount_fen: 19_200 }]);
  });

  it('needs a second reviewer to uphold an appeal above the declared value', async () => {
    const id = await cardId();
    await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/reject`, { reason: 'looked used' });
    expect((await server.call('POST', '/api/order/appeal', { token: seller, body: { cardId: id, reason: 'it is a 200 card' } })).code).toBe(
      Code.Ok,
    );
    const body = { uphold: true, reply: 'the issuer confirms 200 yuan', actualFaceValueFen: 20_000 };
    const asked = await as(ops.reviewer, 'POST', `/api/admin/appeals/${id}/decide`, body);
    expect(asked.data).toMatchObject({ status: CardStatus.UnderAppeal, pendingApproval: { actualFaceValueFen: 20_000 } });
    const upheld = await as(ops.admin, 'POST', `/api/admin/appeals/${id}/decide`, body);
    expect(upheld.data).toMatchObject({
      status: CardStatus.Passed,
      actualFaceValueFen: 20_000,
      appealReply: 'the issuer confirms 200 yuan',
    });
  });

  it('sends a supplier answer above the declared value to manual review instead of crediting it', async () => {
    const id = await aboveDeclaredCard();
    expect(await card(id)).toMatchObject({
      status: CardStatus.Abnormal,
      settlement_status: SettlementStatus.NotCredited,
      settlement_fen: null,
    });
    expect(await card(id)).toMatchObject({
      reject_reason: null,
      reject_reason_key: 'card.aboveDeclared',
      reject_reason_params: { actual: '¥200.00' },
    });
    expect(await settlements(id)).toEqual([]);
  });

  it("shows the supplier's above-declared value in the reader's language, to the user and in card review", async () => {
    const id = await aboveDeclaredCard();
    const zh = '渠道报告面值¥200.00，高于申报面值，待人工审核';
    const en = 'The supplier reports ¥200.00, more than declared: awaiting manual review';
    expect(await userReason(id, 'zh-CN')).toBe(zh);
    expect(await userReason(id, 'en-US')).toBe(en);
    expect(await listedReason(id, 'zh-CN')).toBe(zh);
    expect(await listedReason(id, 'en-US')).toBe(en);
    expect(await reviewReason(id, 'zh-CN')).toBe(zh);
    expect(await reviewReason(id, 'en-US')).toBe(en);
  });

  it('reads an above-declared reason stored in both languages before keys, once migrated, in either language', async () => {
    const id = await cardId();
    await sql(`update cards set status = $2, reject_reason = $3 where id = $1`, [
      id,
      CardStatus.Abnormal,
      '渠道报告面值¥300.00，高于申报面值，待人工审核 / The supplier reports ¥300.00, more than declared: awaiting manual review',
    ]);
    // By name, not number: migration numbers are reconciled when branches merge.
    const drizzle = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(drizzle).find((name) => name.endsWith('_card_reason_keys.sql'))!;
    const migration = readFileSync(new URL(file, drizzle), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE "cards"'))!;
    await sql(backfill);
    expect(await card(id)).toMatchObject({
      reject_reason: null,
      reject_reason_key: 'card.aboveDeclared',
      reject_reason_params: { actual: '¥300.00' },
    });
    expect(await userReason(id, 'zh-CN')).toBe('渠道报告面值¥300.00，高于申报面值，待人工审核');
    expect(await reviewReason(id, 'en-US')).toBe('The supplier reports ¥300.00, more than declared: awaiting manual review');
  });
});

/** A card the supplier reports at ¥200, above what was declared, through its signed callback. */
async function aboveDeclaredCard(): Promise<number> {
  const id = await cardId();
  const body = JSON.stringify({ ref: String(id), outcome: 'passed', actualFaceValueFen: 20_000 });
  expect((await supplierCallback(server, { body })).code).toBe(Code.Ok);
  return id;
}

async function userReason(id: number, lang: Locale): Promise<string | null | undefined> {
  const { order_id: orderId } = await card(id);
  const { data } = await callApi(server, contract.cards.detail, { token: seller, query: { id: orderId }, headers: { lang } });
  return data.order.cards.find((c) => c.id === id)?.rejectReason;
}

/** The reason as the user's order list shows it, filtered by the card's status (a page built by the database). */
async function listedReason(id: number, lang: Locale): Promise<string | null | undefined> {
  for (const status of cardStatusTable.codes) {
    const { data } = await callApi(server, contract.cards.list, {
      token: seller,
      query: { status, page: 1, pageSize: 50 },
      headers: { lang },
    });
    const card = data.list.flatMap((order) => order.matchingCards).find((c) => c.id === id);
    if (card) return card.rejectReason;
  }
  return undefined;
}

async function reviewReason(id: number, lang: Locale): Promise<string | null> {
  return (await callApi(server, contract.cards.adminDetail, { token: ops.reviewer, params: { id }, headers: { lang } })).data.rejectReason;
}

describe('balance adjustments', () => {
  it('posts a credit above the threshold only when a second finance operator approves it', async () => {
    const { token, userId } = await verifiedUser(server, String((phone += 1)));
    const available = async () => (await server.call('GET', '/api/cash/getAccount', { token })).data.availableFen;
    const body = { amountFen: 200_000, reason: 'compensation for a lost card', idempotencyKey: newKey() };
    expect((await as(ops.finance, 'POST', `/api/admin/users/${userId}/adjust`, { ...body, reason: ' ' })).code).toBe(Code.InvalidInput);
    const asked = await as(ops.finance, 'POST', `/api/admin/users/${userId}/adjust`, body);
    expect(asked.data).toMatchObject({ transferId: null, availableFen: 0, pendingApprovalId: expect.any(Number) });
    expect((await as(ops.finance, 'POST', `/api/admin/users/${userId}/adjust`, body)).data.pendingApprovalId).toBe(
      asked.data.pendingApprovalId,
    );
    expect(await available()).toBe(0);
    const id = asked.data.pendingApprovalId;
    const queued = (await as(ops.admin, 'GET', '/api/admin/approvals')).data.list.find((r: { id: number }) => r.id === id);
    expect(queued).toMatchObject({ kind: 'ledger.adjust', targetId: userId, amountFen: 200_000, reason: 'compensation for a lost card' });

    expect((await as(ops.finance, 'POST', `/api/admin/approvals/${id}/approve`)).code).toBe(Code.ApprovalSameOperator);
    expect((await as(ops.reviewer, 'POST', `/api/admin/approvals/${id}/approve`)).code).toBe(Code.AdminForbidden);
    expect((await as(ops.support, 'GET', '/api/admin/approvals')).code).toBe(Code.AdminForbidden);
    expect((await as(await operator(server, 'finance'), 'POST', `/api/admin/approvals/${id}/approve`)).code).toBe(Code.Ok);
    expect(await available()).toBe(200_000);
    expect((await as(ops.admin, 'POST', `/api/admin/approvals/${id}/approve`)).code).toBe(Code.ApprovalNotPending);
    expect(await available()).toBe(200_000);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });

  it('lets reviewers not decide adjustments nor finance decide cards', async () => {
    const id = await cardId();
    await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, { actualFaceValueFen: 20_000 });
    const { data } = await as(ops.admin, 'GET', '/api/admin/cards/' + id);
    expect((await as(ops.finance, 'POST', `/api/admin/approvals/${data.pendingApproval.id}/approve`)).code).toBe(Code.AdminForbidden);
    expect((await card(id)).status).toBe(CardStatus.Unreviewed);
  });

  it('never lets a debit racing a withdrawal take the balance below zero', async () => {
    const { token, userId } = await verifiedUser(server, String((phone += 1)));
    const payeeId = await savePayee(server, token, alipayPayee);
    await credit(server.deps, userId, 10_000);
    const [withdrawal, debit] = await Promise.all([
      server.call('POST', '/api/cash/extract', { token, body: { amountFen: 8_000, channel: 1, payeeId, idempotencyKey: newKey() } }),
      as(ops.finance, 'POST', `/api/admin/users/${userId}/adjust`, {
        amountFen: -8_000,
        reason: 'duplicate credit',
        idempotencyKey: newKey(),
      }),
    ]);
    const codes = [withdrawal.code, debit.code];
    expect(codes.filter((c) => c === Code.Ok)).toHaveLength(1);
    expect([Code.InsufficientBalance, Code.AdjustmentExceedsBalance]).toContain(codes.find((c) => c !== Code.Ok));
    expect((await server.call('GET', '/api/cash/getAccount', { token })).data.availableFen).toBe(2_000);
    expect((await checkLedger(server.deps.database.db)).ok).toBe(true);
  });
});

describe('revealing card secrets', () => {
  it('is refused for cards not awaiting a human decision, with the reason to fix', async () => {
    const id = await cardId();
    const unreviewed = await adminCall(server, ops.reviewer, 'POST', `/api/admin/cards/${id}/reveal`, { reason: 'just looking' });
    expect(unreviewed.code).toBe(Code.RevealNotAllowed);
    expect(unreviewed.msg).toMatch(/abnormal, not activated or appealed/);
    await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/approve`, {});
    expect((await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/reveal`, { reason: 'just looking' })).code).toBe(Code.RevealNotAllowed);
    expect((await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/reveal`, {})).code).toBe(Code.InvalidInput);
  });

  it('keeps the typed reason and stops at the hourly limit, also for calls at the same moment', async () => {
    const id = await cardId();
    await as(ops.reviewer, 'POST', `/api/admin/cards/${id}/notActivated`, {});
    const reviewer = await operator(server, 'reviewer');
    expect((await as(reviewer, 'POST', `/api/admin/cards/${id}/reveal`, { reason: 'customer says it is active now' })).code).toBe(Code.Ok);
    const { rows } = await sql('select admin_id, reason from card_reveals where card_id = $1', [id]);
    expect(rows).toEqual([{ admin_id: expect.any(Number), reason: 'customer says it is active now' }]);
    const limit = server.deps.config.CARD_REVEAL_HOURLY_LIMIT;
    await sql(`insert into card_reveals (admin_id, card_id, reason) select $1, $2, 'earlier' from generate_series(1, $3::int)`, [
      rows[0].admin_id,
      id,
      limit - 2,
    ]);
    const answers = await Promise.all(
      [1, 2].map(() => as(reviewer, 'POST', `/api/admin/cards/${id}/reveal`, { reason: 'second look at it' })),
    );
    expect(answers.map((a) => a.code).sort((x, y) => x - y)).toEqual([Code.Ok, Code.RevealHourlyLimit]);
    expect(answers.find((a) => a.code === Code.RevealHourlyLimit)!.msg).toContain(`at most ${limit}`);
  });
});
