/**
 * The OpenAPI document against the server's real traffic: a journey through the main calls, their
 * refusals included, is replayed through validators that know nothing of our schemas but the
 * document at /docs/json. Any request the server took or answer it gave that the document does not
 * describe fails the test.
 */
import { Code, contract, pathOf } from '@maika/shared';
import OpenAPIRequestValidator from 'openapi-request-validator';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit } from '../../test/cardFixtures';
import { adminCall, adminRaw, createAdmin, operator } from '../../test/console';
import { createTestServer, newKey, registeredRoutes, type Exchange, type TestServer } from '../../test/harness';
import { approvedMerchant, signedCall } from '../../test/merchantFixtures';
import { alipayPayee, credit, savePayee, verifiedUser } from '../../test/moneyFixtures';
import { enrolSession, totpCode } from '../../test/twoFactor';

const traffic: Exchange[] = [];
let server: TestServer;
let document: OpenAPIV3.Document;

beforeAll(async () => {
  server = await createTestServer({ traffic });
  document = draft7Bounds((await server.app.inject({ url: '/docs/json' })).json()) as OpenAPIV3.Document;
  traffic.length = 0;
});

/**
 * OpenAPI 3.0 writes an exclusive bound as `minimum: 0, exclusiveMinimum: true`; the validators'
 * Ajv reads JSON Schema draft 7, where it is `exclusiveMinimum: 0`. Same meaning, other spelling.
 */
function draft7Bounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(draft7Bounds);
  if (value === null || typeof value !== 'object') return value;
  const schema = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, draft7Bounds(v)]));
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive]) schema[exclusive] = schema[bound];
    else delete schema[exclusive];
    if (schema[exclusive] !== undefined) delete schema[bound];
  }
  return schema;
}

/** The routes the README's section on the document leaves out of it, and why: none answers the envelope. */
const leftOut: Record<string, string> = {
  'GET /': 'the H5 app',
  'GET /index.html': 'the H5 app',
  'GET /*': 'the H5 app and its files',
  'GET /favicon.ico': 'the H5 app',
  'GET /docs': 'the document and its page',
  'GET /docs/': 'the document and its page',
  'GET /docs/*': 'the document and its page',
  'GET /docs/json': 'the document and its page',
  'GET /docs/yaml': 'the document and its page',
  'GET /docs/static/index.html': 'the document and its page',
  'GET /docs/static/swagger-initializer.js': 'the document and its page',
  'GET /healthz': 'probes for the process manager',
  'GET /readyz': 'probes for the process manager',
  'GET /metrics': 'Prometheus text',
  'GET /files/richText/{file}': 'rich texts as HTML pages',
  'GET /sim/face/{certifyId}': "the face-verification simulator's page",
  'POST /sim/face/{certifyId}': "the face-verification simulator's page",
};

const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What the document finds wrong with one exchange; empty when it describes both the request and the answer. */
function violations(exchange: Exchange): string[] {
  const where = `${exchange.method} ${exchange.route}`;
  const operation = document.paths[openApiPath(exchange.route ?? '')]?.[exchange.method.toLowerCase() as OpenAPIV3.HttpMethods];
  if (!operation) return [`${where} is not in the document`];
  const found: string[] = [];
  const answer = exchange.payload === undefined ? undefined : (JSON.parse(exchange.payload) as { code: number });
  // A request the server refused as bad input need not match; one it took must.
  if (answer?.code !== Code.InvalidInput) {
    const requestErrors = new OpenAPIRequestValidator({
      parameters: operation.parameters as OpenAPIV3.ParameterObject[],
      requestBody: operation.requestBody as OpenAPIV3.RequestBodyObject,
      componentSchemas: document.components?.schemas,
    } as never).validateRequest({ headers: exchange.headers, params: exchange.params, query: exchange.query, body: exchange.body });
    if (requestErrors) found.push(`${where} request ${JSON.stringify(requestErrors.errors)}`);
  }
  const responseErrors = new OpenAPIResponseValidator({
    responses: operation.responses,
    components: document.components,
  } as never).validateResponse(exchange.statusCode, answer);
  if (responseErrors)
    found.push(`${where} answered ${exchange.payload?.slice(0, 300)}: ${JSON.stringify(responseErrors.errors).slice(0, 600)}`);
  return found;
}

async function userJourney(): Promise<void> {
  const phone = '13900000101';
  await server.call('POST', pathOf(contract.accounts.getLoginSms), { body: { phone } });
  const wrongCode = await server.call('POST', pathOf(contract.accounts.smsLogin), { body: { phone, code: '000000' } });
  expect(wrongCode.code).toBe(Code.SmsCodeWrong);
  const { token, userId } = await verifiedUser(server, phone);

  const badPhone = await server.call('POST', pathOf(contract.identity.sendModifySms), { token, body: { phone: '1' } });
  expect(badPhone).toMatchObject({ code: Code.InvalidInput, data: { field: 'phone' } });

  const type = await createCardType(server);
  const refused = await submit(server, token, type.id, [{ cardNo: '123', cardPwd: '1' }]);
  expect(refused).toMatchObject({ code: Code.CardBatchRejected, data: { lines: [expect.objectContaining({ index: 0 })] } });
  const sold = await submit(server, token, type.id, [freshCard()]);
  expect(sold.code).toBe(Code.Ok);
  expect((await server.call('GET', `${pathOf(contract.cards.detail)}?id=${sold.data.orderId}`, { token })).code).toBe(Code.Ok);
  expect((await server.call('GET', `${pathOf(contract.cards.detail)}?id=999999`, { token })).code).toBe(Code.NotFound);

  await credit(server.deps, userId, 5_000);
  const payeeId = await savePayee(server, token, alipayPayee);
  const extract = (amountFen: number) =>
    server.call('POST', pathOf(contract.withdrawals.extract), {
      token,
      body: { amountFen, channel: alipayPayee.channel, payeeId, idempotencyKey: newKey() },
    });
  expect((await extract(10_000)).code).toBe(Code.InsufficientBalance);
  await credit(server.deps, userId, 50_000);
  expect((await extract(10_000)).code).toBe(Code.Ok);
  expect((await extract(10_000)).code).toBe(Code.WithdrawalAlreadyOpen);
  expect((await server.call('GET', pathOf(contract.withdrawals.account), { token })).code).toBe(Code.Ok);

  const stranger = await server.login('13900000102');
  const unverified = await server.call('POST', pathOf(contract.withdrawals.extract), {
    token: stranger,
    body: { amountFen: 10_000, channel: alipayPayee.channel, payeeId, idempotencyKey: newKey() },
  });
  expect(unverified.code).toBe(Code.RealNameRequired);
  expect((await server.call('GET', pathOf(contract.accounts.info))).code).toBe(Code.NotLoggedIn);
  expect((await server.call('GET', pathOf(contract.accounts.info), { token: 'stale' })).code).toBe(Code.TokenInvalid);
}

async function operatorJourney(): Promise<void> {
  const username = 'replay_reviewer';
  const password = 'replay password 1';
  await createAdmin(server.deps, username, 'reviewer', password);
  const first = await adminCall(server, '', 'POST', pathOf(contract.operators.login), { username, password });
  const session = first.data.token as string;
  const send = (method: 'POST', url: string, body?: unknown) => adminCall(server, session, method, url, body);
  const setupWithBody = await send('POST', pathOf(contract.operators.setupTwoFactor), { secret: 'mine' });
  expect(setupWithBody).toMatchObject({ code: Code.InvalidInput, data: { field: 'body' } });
  const { secret } = await enrolSession(send);
  await send('POST', pathOf(contract.operators.logout));

  const asked = await adminCall(server, '', 'POST', pathOf(contract.operators.login), { username, password });
  expect(asked).toMatchObject({ code: Code.AdminOtpRequired, data: { otpRequired: true } });
  const wrong = await adminCall(server, '', 'POST', pathOf(contract.operators.login), { username, password: 'not it at all' });
  expect(wrong.code).toBe(Code.AdminLoginFailed);
  const login = await adminCall(server, '', 'POST', pathOf(contract.operators.login), {
    username,
    password,
    otp: await totpCode(secret, 1),
  });
  expect(login.code).toBe(Code.Ok);
  const token = login.data.token as string;

  const cards = await adminCall(server, token, 'GET', `${pathOf(contract.cards.adminList)}?status=0`);
  const card = cards.data.list[0] as { id: number };
  const reveal = (id: number) =>
    adminCall(server, token, 'POST', pathOf(contract.cards.reveal, { id }), { reason: 'checking with the issuer' });
  expect((await reveal(card.id)).code).toBe(Code.RevealNotAllowed);
  expect((await reveal(999_999)).code).toBe(Code.NotFound);
  await adminCall(server, token, 'POST', pathOf(contract.cards.abnormal, { id: card.id }), { reason: 'issuer timeout' });
  expect((await reveal(card.id)).code).toBe(Code.Ok);
  expect((await adminCall(server, token, 'POST', pathOf(contract.cards.abnormal, { id: card.id }), { reason: 'again' })).code).toBe(
    Code.CardStateConflict,
  );
  expect((await adminCall(server, '', 'GET', pathOf(contract.cards.adminList))).code).toBe(Code.AdminNotLoggedIn);
}

describe('the OpenAPI document', () => {
  it('describes every request and answer of a journey through selling, withdrawing and reviewing, refusals included', async () => {
    await userJourney();
    await operatorJourney();
    const answered = new Set(traffic.map((e) => (e.payload ? (JSON.parse(e.payload) as { code: number }).code : e.statusCode)));
    // The journey reaches the refusals whose data has its own shape, not only success.
    for (const code of [Code.InvalidInput, Code.NotFound, Code.AdminOtpRequired, Code.CardBatchRejected, Code.CardStateConflict]) {
      expect(answered).toContain(code);
    }
    expect(traffic.length).toBeGreaterThan(30);
    expect(traffic.flatMap(violations)).toEqual([]);
  });

  it('refuses a body sent to a call that takes none, in both languages, and takes an empty one', async () => {
    const token = await operator(server, 'support');
    for (const [locale, reason] of [
      ['en-US', 'this call takes no body: send none, or an empty object'],
      ['zh-CN', '此接口不接受请求体：请不要发送，或发送空对象'],
    ] as const) {
      const refused = await adminRaw(server, token, 'POST', pathOf(contract.operators.logout), { now: true }, locale);
      const msg = `body${locale === 'zh-CN' ? '：' : ': '}${reason}`;
      expect(refused.json()).toEqual({ code: Code.InvalidInput, msg, data: { field: 'body', reason } });
    }
    expect((await adminRaw(server, token, 'POST', pathOf(contract.operators.logout), {})).json()).toMatchObject({ code: Code.Ok });
    const operation = document.paths['/api/admin/logout']!.post!;
    expect(operation.requestBody).toMatchObject({ required: false, content: { 'application/json': { schema: { maxProperties: 0 } } } });
  });

  it('has a merchant section that explains the signature, and describes the signed calls and their refusals', async () => {
    const tag = document.tags?.find((t) => t.name === 'Merchant API');
    for (const words of [
      'X-Maika-Signature',
      'HMAC-SHA256',
      'METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nBODY_SHA256',
      '300 s',
      'Callbacks',
    ])
      expect(tag?.description).toContain(words);
    const orders = document.paths['/api/merchant/v1/orders']!.post!;
    expect(orders.tags).toEqual(['Merchant API']);
    expect(orders.security).toEqual([{ merchantKey: [], merchantTimestamp: [], merchantNonce: [], merchantSignature: [] }]);
    expect(document.components?.securitySchemes?.merchantSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Maika-Signature',
    });
    expect(JSON.stringify(orders.responses)).toContain('MerchantSignatureInvalid');

    traffic.length = 0;
    const finance = await operator(server, 'finance');
    const merchant = await approvedMerchant(server, finance, '13900000131');
    const type = await createCardType(server);
    const order = { merchantOrderNo: 'DOC-1', goodsId: type.id, faceValueFen: 10_000, cards: [freshCard()] };
    expect((await signedCall(server, merchant, 'POST', pathOf(contract.merchants.submitOrder), { body: order })).code).toBe(Code.Ok);
    const reused = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.submitOrder), {
      body: { ...order, cards: [freshCard()] },
    });
    expect(reused.code).toBe(Code.MerchantOrderNoReused);
    expect((await signedCall(server, merchant, 'GET', pathOf(contract.merchants.order, { merchantOrderNo: 'DOC-1' }))).code).toBe(Code.Ok);
    expect((await signedCall(server, merchant, 'GET', pathOf(contract.merchants.catalogue))).code).toBe(Code.Ok);
    expect((await signedCall(server, merchant, 'GET', pathOf(contract.merchants.balance), { secret: 'wrong' })).code).toBe(
      Code.MerchantSignatureInvalid,
    );
    expect((await signedCall(server, merchant, 'GET', pathOf(contract.merchants.balance), { timestamp: 1 })).code).toBe(
      Code.MerchantTimestampSkewed,
    );
    expect((await adminCall(server, finance, 'GET', pathOf(contract.merchants.adminDetail, { id: merchant.merchantId }))).code).toBe(
      Code.Ok,
    );
    expect(traffic.flatMap(violations)).toEqual([]);
  });

  it('lists every route the server serves, but those the README leaves out', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations!).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const undocumented = registeredRoutes(server)
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .filter((route) => !documented.has(route));
    expect(undocumented.sort()).toEqual(Object.keys(leftOut).sort());
  });
});
