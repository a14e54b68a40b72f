/**
 * Owner scoping, every user-owned resource in one place: user B asking for user A's id gets
 * "not found" (never A's row, never "forbidden", which would confirm the id exists), and B's
 * lists never include A's rows. The per-module tests prove the same for their own resource; this
 * file is the inventory that a new resource must join.
 */
import { cardStatusTable, Code, idCheckChar } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditRebateForCard } from '../../src/modules/referrals';
import { creditedCard, signUp } from '../referralFixtures';
import { createCardType, freshCard, submit } from '../cardFixtures';
import { createTestServer, type TestServer } from '../harness';
import { credit, newKey, savePayee, verifiedUser } from '../moneyFixtures';

let server: TestServer;
// A whole 1×1 PNG: uploads are decoded and re-encoded.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Owner {
  token: string;
  userId: number;
  orderId: number;
  cardId: number;
  withdrawalId: number;
  payeeId: number;
  certifyId: string;
  feedbackId: number;
  refereeId: number;
  rebateCardId: number;
  uploadPath: string;
}
let a: Owner;
let b: { token: string; userId: number };

async function upload(token: string): Promise<string> {
  const boundary = 'scopeboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/file/upload?purpose=feedback',
    headers: { uuid: 'test-device-0001', token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const body = response.json();
  if (body.code !== 200) throw new Error(`upload ${body.code}: ${body.msg}`);
  return body.data.path ?? body.data.url;
}

/** User A owns one of everything. */
async function ownerWithEverything(): Promise<Owner> {
  const first = await signUp(server, '13910000001');
  // Face verification first: a verified user cannot start one.
  const idNum = '44030519900307123';
  const face = await server.call('POST', '/api/user/faceCertifyVerifyUrl', {
    token: first.token,
    body: { name: '张三', idNum: `${idNum}${idCheckChar(idNum)}` },
  });
  expect(face.code, face.msg).toBe(200);
  const { token, userId } = await verifiedUser(server, first.phone);
  const type = await createCardType(server);
  const order = await submit(server, token, type.id, [freshCard()]);
  expect(order.code, order.msg).toBe(200);
  const detail = await server.call('GET', `/api/order/detail?id=${order.data.orderId}`, { token });
  const payeeId = await savePayee(server, token);
  await credit(server.deps, userId, 10_000);
  const withdrawal = await server.call('POST', '/api/cash/extract', {
    token,
    body: { amountFen: 2000, channel: 1, payeeId, idempotencyKey: newKey() },
  });
  expect(withdrawal.code, withdrawal.msg).toBe(200);
  const uploadPath = await upload(token);
  const feedback = await server.call('POST', '/api/feedback/add', {
    token,
    body: { category: 1, content: 'A 的反馈', images: [uploadPath] },
  });
  expect(feedback.code, feedback.msg).toBe(200);
  const referee = await signUp(server, '13910000002', first.inviteCode);
  const rebateCardId = await creditedCard(server, referee.id, 10_000);
  await server.deps.database.db.transaction((tx) =>
    creditRebateForCard(tx, { rebateRateBp: 500 }, { cardId: rebateCardId, refereeUserId: referee.id, settlementFen: 10_000 }),
  );
  return {
    token,
    userId,
    orderId: order.data.orderId,
    cardId: detail.data.order.cards[0].id,
    withdrawalId: withdrawal.data.withdrawal.id,
    payeeId,
    certifyId: face.data.certifyId,
    feedbackId: feedback.data.id,
    refereeId: referee.id,
    rebateCardId,
    uploadPath,
  };
}

beforeAll(async () => {
  server = await createTestServer({ limitRules: { smsIpPerDay: 10_000 } });
  a = await ownerWithEverything();
  const other = await verifiedUser(server, '13910000003');
  b = { token: other.token, userId: other.userId };
  await savePayee(server, b.token);
  await credit(server.deps, b.userId, 10_000);
});

const asB = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  server.call(method, url, { token: b.token, ...(body === undefined ? {} : { body }) });
const idsOf = (list: { id: number }[]) => list.map((row) => row.id);

describe("user B asking for user A's id", () => {
  it('order detail: not found', async () => {
    expect((await asB('GET', `/api/order/detail?id=${a.orderId}`)).code).toBe(Code.NotFound);
    expect((await server.call('GET', `/api/order/detail?id=${a.orderId}`, { token: a.token })).code).toBe(200);
  });

  it('card appeal: not found, and the card is untouched', async () => {
    expect((await asB('POST', '/api/order/appeal', { cardId: a.cardId, reason: '卡已充值成功，请重新核对' })).code).toBe(Code.NotFound);
    const { rows } = await server.deps.database.pool.query('select appeal_reason from cards where id = $1', [a.cardId]);
    expect(rows[0].appeal_reason).toBeNull();
  });

  it('order logistics and tracking: not found', async () => {
    expect((await asB('POST', '/api/order/logistics', { orderId: a.orderId, carrier: 'SF', trackingNo: 'SF1234567890' })).code).toBe(
      Code.NotFound,
    );
    expect((await asB('GET', `/api/order/logisticsInfo?orderId=${a.orderId}`)).code).toBe(Code.NotFound);
  });

  it('payee account: not found for deleting and for withdrawing to it', async () => {
    expect((await asB('POST', '/api/user/deletePayee', { id: a.payeeId })).code).toBe(Code.NotFound);
    const extract = await asB('POST', '/api/cash/extract', { amountFen: 2000, channel: 1, payeeId: a.payeeId, idempotencyKey: newKey() });
    expect(extract.code).toBe(Code.NotFound);
    expect((await server.call('GET', '/api/user/getPayeeList', { token: a.token })).data.list.map((p: { id: number }) => p.id)).toContain(
      a.payeeId,
    );
  });

  it('face verification: not found', async () => {
    expect((await asB('GET', `/api/user/queryFaceCertify?certifyId=${encodeURIComponent(a.certifyId)}`)).code).toBe(Code.NotFound);
  });

  it('feedback detail: not found', async () => {
    expect((await asB('GET', `/api/feedback/detail?id=${a.feedbackId}`)).code).toBe(Code.NotFound);
    expect((await server.call('GET', `/api/feedback/detail?id=${a.feedbackId}`, { token: a.token })).code).toBe(200);
  });
});

describe("user B's lists never include user A's rows", () => {
  it('orders and their cards', async () => {
    const list = (await asB('GET', '/api/order/list?status=999&pageSize=100')).data;
    expect(idsOf(list.list)).not.toContain(a.orderId);
    // Cards are listed under a status filter: every one of them.
    for (const status of cardStatusTable.codes) {
      const filtered = (await asB('GET', `/api/order/list?status=${status}&pageSize=100`)).data;
      expect(idsOf(filtered.list)).not.toContain(a.orderId);
      expect(filtered.list.flatMap((o: { matchingCards: { id: number }[] }) => idsOf(o.matchingCards))).not.toContain(a.cardId);
    }
  });

  it('withdrawals and their totals', async () => {
    expect(idsOf((await asB('GET', '/api/cash/records?status=999&pageSize=100')).data.list)).not.toContain(a.withdrawalId);
    expect((await asB('GET', '/api/cash/getAccount')).data).toMatchObject({ heldFen: 0, availableFen: 10_000 });
  });

  it('payee accounts', async () => {
    expect(idsOf((await asB('GET', '/api/user/getPayeeList')).data.list)).not.toContain(a.payeeId);
  });

  it('feedback records', async () => {
    expect(idsOf((await asB('GET', '/api/feedback/records?pageSize=100')).data.list)).not.toContain(a.feedbackId);
  });

  it('referees and rebates', async () => {
    const referees = (await asB('GET', '/api/share/levelUsers?pageSize=100')).data;
    expect(referees.total).toBe(0);
    const rebates = (await asB('GET', '/api/share/details?pageSize=100')).data;
    expect(rebates.total).toBe(0);
    // A sees both, so the lists above are empty for B because of scoping, not for want of rows.
    expect((await server.call('GET', '/api/share/levelUsers?pageSize=100', { token: a.token })).data.total).toBe(1);
    expect((await server.call('GET', '/api/share/details?pageSize=100', { token: a.token })).data.total).toBe(1);
  });
});
