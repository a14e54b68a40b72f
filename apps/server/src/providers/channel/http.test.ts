import { Code } from '@maika/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardType, freshCard, settledOrder, submit } from '../../../test/cardFixtures';
import { startCardSupplier, type CardSupplier, type CardSupplierOptions } from '../../../test/fakes/cardSupplier';
import { closedAfterEach } from '../../../test/fakes/gateway';
import { captureLogs, createTestServer, eventually, testConfig, type TestServer } from '../../../test/harness';
import { pollCards } from '../../modules/cards';
import { createHttpChannel, type HttpChannelOptions } from './http';
import { createCardChannels, type ChannelCard } from './index';

const MERCHANT = 'maika-0001';
const SECRET = 'supplier-shared-secret-'.padEnd(48, 's');
const NOTIFY = 'http://127.0.0.1:9/api/channel/callback/supplier';

const supplier = closedAfterEach((overrides: Partial<CardSupplierOptions> = {}) =>
  startCardSupplier({ merchantId: MERCHANT, secret: SECRET, ...overrides }),
);

const channel = (fake: CardSupplier, overrides: Partial<HttpChannelOptions> = {}) =>
  createHttpChannel({
    name: 'supplier',
    baseUrl: fake.url,
    merchantId: MERCHANT,
    secret: SECRET,
    timeoutMs: 2000,
    callbackUrl: () => NOTIFY,
    allowInsecureHttp: true,
    ...overrides,
  });

let seq = 0;
const card = (overrides: Partial<ChannelCard> = {}): ChannelCard => {
  seq += 1;
  return {
    ref: String(1000 + seq),
    cardNo: `62${String(seq).padStart(14, '0')}`,
    cardPwd: `secret-pwd-${seq}-9876`,
    faceValueFen: 10_000,
    cardTypeId: 7,
    ...overrides,
  };
};

/** The message a call throws with, checked to carry none of the card's secrets. */
async function failure(call: Promise<unknown>, c: ChannelCard): Promise<string> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(message).not.toContain(c.cardPwd);
  if (c.cardNo) expect(message).not.toContain(c.cardNo);
  expect(message).not.toContain(SECRET);
  return message;
}

describe('HTTP card supplier: submit', () => {
  it('hands the card over signed, with our merchant id and callback address, and the supplier accepts it', async () => {
    const fake = await supplier();
    const c = card();
    await channel(fake).submit(c);
    const [received] = fake.received;
    expect(received).toMatchObject({ method: 'POST', path: '/cards', kind: 'submit', merchant: MERCHANT });
    expect(received?.refusedWith).toBeUndefined();
    expect(received?.body).toEqual({
      merchantId: MERCHANT,
      ref: c.ref,
      cardNo: c.cardNo,
      cardPwd: c.cardPwd,
      faceValueFen: 10_000,
      cardTypeId: 7,
      notifyUrl: NOTIFY,
    });
    expect(fake.cards.get(c.ref)).toMatchObject({ state: 'checking', cardPwd: c.cardPwd });
  });

  it('sends a card without a number as null', async () => {
    const fake = await supplier();
    const c = card({ cardNo: null });
    await channel(fake).submit(c);
    expect(fake.received[0]?.body.cardNo).toBeNull();
    expect(fake.cards.get(c.ref)?.cardNo).toBeNull();
  });

  it('is idempotent: the same card sent again is accepted again and kept once', async () => {
    const fake = await supplier();
    const c = card();
    await channel(fake).submit(c);
    await channel(fake).submit(c);
    expect(fake.received.map((r) => r.refusedWith)).toEqual([undefined, undefined]);
    expect(fake.cards.size).toBe(1);
  });

  it('throws when the supplier refuses, without repeating the card secrets it quoted', async () => {
    const fake = await supplier();
    const c = card();
    await channel(fake).submit(c);
    const other = { ...c, cardPwd: 'another-password-1234' };
    expect(await failure(channel(fake).submit(other), other)).toMatch(/refused card \d+ \(HTTP 409\) with refConflict/);
    fake.respondWith(() => ({
      status: 400,
      body: { error: 'badCard', message: `card ${c.cardNo} with password ${c.cardPwd} is malformed` },
    }));
    expect(await failure(channel(fake).submit(c), c)).toContain('badCard: card *** with password *** is malformed');
  });

  it('is refused by the supplier when signed with another secret or merchant id', async () => {
    const fake = await supplier();
    const c = card();
    expect(await failure(channel(fake, { secret: 'w'.repeat(48) }).submit(c), c)).toMatch(/untrusted answer \(HTTP 401\)/);
    expect(await failure(channel(fake, { merchantId: 'someone-else' }).submit(c), c)).toMatch(
      /refused card \d+ \(HTTP 401\) with badSignature: unknown merchant/,
    );
    expect(fake.received.map((r) => r.refusedWith)).toEqual(['badSignature', 'badSignature']);
    expect(fake.cards.size).toBe(0);
  });

  it('waits for our callback address before handing a card over', async () => {
    const fake = await supplier();
    const c = card();
    expect(await failure(channel(fake, { callbackUrl: () => undefined }).submit(c), c)).toMatch(/callback address is not known yet/);
    expect(fake.received).toHaveLength(0);
  });

  it('refuses a plain http supplier address unless allowed (production)', async () => {
    const fake = await supplier();
    expect(() => channel(fake, { allowInsecureHttp: false })).toThrow(/must be https/);
    expect(() => channel(fake, { baseUrl: 'https://supplier.example.com/api', allowInsecureHttp: false })).not.toThrow();
  });
});

describe('HTTP card supplier: query', () => {
  it('answers null while checking and each verdict once decided', async () => {
    const fake = await supplier();
    const c = card();
    const supplierChannel = channel(fake);
    await supplierChannel.submit(c);
    expect(await supplierChannel.query(c)).toBeNull();

    fake.setVerdict(c.ref, { state: 'passed' });
    expect(await supplierChannel.query(c)).toEqual({ ref: c.ref, outcome: 'passed' });
    fake.setVerdict(c.ref, { state: 'passed', actualFaceValueFen: 5_000 });
    expect(await supplierChannel.query(c)).toEqual({ ref: c.ref, outcome: 'passed', actualFaceValueFen: 5_000 });
    fake.setVerdict(c.ref, { state: 'rejected', reason: '卡密已被使用' });
    expect(await supplierChannel.query(c)).toEqual({ ref: c.ref, outcome: 'rejected', reason: '卡密已被使用' });
    fake.setVerdict(c.ref, { state: 'notActivated' });
    expect(await supplierChannel.query(c)).toEqual({ ref: c.ref, outcome: 'notActivated' });
    fake.setVerdict(c.ref, { state: 'abnormal', reason: `issuer timed out on ${c.cardPwd}` });
    expect(await supplierChannel.query(c)).toEqual({ ref: c.ref, outcome: 'abnormal', reason: 'issuer timed out on ***' });
    expect(fake.received.every((r) => r.refusedWith === undefined)).toBe(true);
    expect(fake.received.filter((r) => r.kind === 'query').every((r) => r.path === `/cards/${c.ref}`)).toBe(true);
  });

  it('throws about a card the supplier does not know, or an answer about another card', async () => {
    const fake = await supplier();
    const c = card();
    expect(await failure(channel(fake).query(c), c)).toMatch(/refused card \d+ \(HTTP 404\) with notFound/);
    fake.respondWith(() => ({ body: { ref: 'someone-else', state: 'passed' } }));
    expect(await failure(channel(fake).query(c), c)).toMatch(/answered about another card/);
    fake.respondWith(() => ({ body: { ref: c.ref, state: 'maybe' } }));
    expect(await failure(channel(fake).query(c), c)).toMatch(/unreadable state of card \d+: state has the wrong format/);
  });
});

describe('HTTP card supplier: answers not to be trusted', () => {
  it('throws on a tampered answer signature, for a submission and for a verdict', async () => {
    const fake = await supplier();
    const c = card();
    fake.signBadly(true);
    expect(await failure(channel(fake).submit(c), c)).toMatch(
      /untrusted answer \(HTTP 200\) about card \d+: the answer is not signed with our shared secret/,
    );
    fake.signBadly(false);
    await channel(fake).submit(c);
    fake.setVerdict(c.ref, { state: 'passed' });
    fake.signBadly(true);
    expect(await failure(channel(fake).query(c), c)).toMatch(/untrusted answer/);
  });

  it('throws on a stale answer, and the supplier refuses our request as stale from its clock', async () => {
    const fake = await supplier({ clockOffsetMs: 10 * 60_000 });
    const c = card();
    expect(await failure(channel(fake).submit(c), c)).toMatch(/timestamp is more than 300 s off our clock/);
    expect(fake.received[0]?.refusedWith).toBe('badSignature');
  });

  it('throws when the supplier does not answer in time', async () => {
    const fake = await supplier();
    const c = card();
    fake.respondWith(() => 'hang');
    expect(await failure(channel(fake, { timeoutMs: 200 }).submit(c), c)).toMatch(/no answer within 200 ms about card \d+/);
    expect(await failure(channel(fake, { timeoutMs: 200 }).query(c), c)).toMatch(/no answer within 200 ms/);
  });

  it('throws on a server error or an unreachable supplier, and never repeats the secrets', async () => {
    const fake = await supplier();
    const c = card();
    fake.respondWith(() => ({ status: 500, body: { error: 'internal', message: `failed on ${c.cardNo}/${c.cardPwd}` } }));
    const message = await failure(channel(fake).submit(c), c);
    expect(message).toMatch(/HTTP 500 about card \d+/);
    const closed = await startCardSupplier({ merchantId: MERCHANT, secret: SECRET });
    await closed.close();
    expect(await failure(channel(closed).submit(c), c)).toMatch(/request about card \d+ failed/);
  });
});

describe('choosing the card channel', () => {
  const supplierEnv = {
    CARD_CHANNEL_HTTP_URL: 'http://127.0.0.1:9/api',
    CARD_CHANNEL_HTTP_MERCHANT_ID: MERCHANT,
    CARD_CHANNEL_HTTP_SECRET: SECRET,
  };

  it('sends new cards to the chosen channel and still resolves the other one by name; no simulator in production', () => {
    const http = createCardChannels(testConfig({ CARD_CHANNEL: 'http', ...supplierEnv }));
    expect(http.current.name).toBe('supplier');
    expect([http.byName('sim')?.name, http.byName('supplier')?.secret]).toEqual(['sim', SECRET]);
    const sim = createCardChannels(testConfig({ ...supplierEnv, CARD_CHANNEL_HTTP_NAME: 'acme' }));
    expect([sim.current.name, sim.byName('acme')?.name]).toEqual(['sim', 'acme']);
    const production = createCardChannels({
      ...testConfig({ CARD_CHANNEL: 'http', ...supplierEnv, CARD_CHANNEL_HTTP_URL: 'https://supplier.example.com' }),
      NODE_ENV: 'production',
    });
    expect([production.current.name, production.byName('sim')]).toEqual(['supplier', undefined]);
  });
});

describe('HTTP card supplier end to end', () => {
  let fake: CardSupplier;
  let server: TestServer;
  const logs = captureLogs();

  /** As `npm start` runs it with CARD_CHANNEL=http: listening on a real port, workers on, logging at debug. */
  beforeAll(async () => {
    fake = await startCardSupplier({ merchantId: MERCHANT, secret: SECRET });
    afterAll(() => fake.close());
    const env = {
      CARD_CHANNEL: 'http',
      CARD_CHANNEL_HTTP_URL: fake.url,
      CARD_CHANNEL_HTTP_MERCHANT_ID: MERCHANT,
      CARD_CHANNEL_HTTP_SECRET: SECRET,
    };
    server = await createTestServer({ env, cardWorker: true, listen: true, logger: logs.logger });
  });

  it('submits to the supplier, takes its signed callbacks and credits each passed card once', async () => {
    const type = await createCardType(server);
    const token = await server.login('13800000031');
    const cards = [freshCard('1234'), freshCard('5678'), freshCard('4321'), freshCard('8765')];
    const { code, data } = await submit(server, token, type.id, cards);
    expect(code).toBe(Code.Ok);
    await eventually(async () => fake.cards.size === 4);
    const refOf = (pwd: string) => [...fake.cards.values()].find((c) => c.cardPwd === pwd)!.ref;
    const [full, half, used, silent] = cards.map((c) => refOf(c.cardPwd)) as [string, string, string, string];
    expect([...fake.cards.values()].every((c) => c.notifyUrl.endsWith('/api/channel/callback/supplier'))).toBe(true);

    fake.setVerdict(full, { state: 'passed' });
    fake.setVerdict(half, { state: 'passed', actualFaceValueFen: 5_000 });
    fake.setVerdict(used, { state: 'rejected', reason: '卡密已被使用' });
    for (const ref of [full, half, used])
      expect((await fake.sendCallback(ref)).body).toMatchObject({ code: Code.Ok, data: { result: 'applied' } });
    // The supplier says it again (a retried notification): a new nonce, the same verdict.
    expect((await fake.sendCallback(full)).body).toMatchObject({ code: Code.Ok, data: { result: 'ignored' } });
    fake.signBadly(true);
    expect((await fake.sendCallback(half)).body).toMatchObject({ code: Code.ChannelSignatureInvalid });
    fake.signBadly(false);
    // A verdict whose callback never came is found by asking.
    fake.setVerdict(silent, { state: 'passed' });
    await pollCards(server.deps, 0);

    const detail = await settledOrder(server, token, data.orderId);
    const byId = (ref: string) => detail.data.order.cards.find((c: { id: number }) => String(c.id) === ref);
    expect(byId(full)).toMatchObject({ status: 1, settlementStatus: 2, settlementFen: 9500 });
    expect(byId(half)).toMatchObject({ status: 1, settlementStatus: 2, actualFaceValueFen: 5_000, settlementFen: 4500 });
    expect(byId(used)).toMatchObject({ status: 2, rejectReason: '卡密已被使用' });
    expect(byId(silent)).toMatchObject({ status: 1, settlementStatus: 2, settlementFen: 9500 });
    const account = await server.call('GET', '/api/cash/getAccount', { token });
    expect(account.data.availableFen).toBe(23_500);
    const credits = await server.deps.database.pool.query(`select count(*)::int as n from ledger_transfers where idempotency_key = $1`, [
      `card:${full}:settlement`,
    ]);
    expect(credits.rows[0].n).toBe(1);
    expect(logs.text()).toContain('/api/channel/callback/supplier');
    for (const c of cards) {
      expect(logs.text()).not.toContain(c.cardNo);
      expect(logs.text()).not.toContain(c.cardPwd);
    }
  });
});
