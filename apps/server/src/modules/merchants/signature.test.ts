import { Code, contract, MERCHANT_BODY_LIMIT_BYTES, pathOf } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { adminCall, consoleServer } from '../../../test/console';
import { testClock, type TestServer } from '../../../test/harness';
import { approvedMerchant, signedCall, signedRaw, type MerchantFixture } from '../../../test/merchantFixtures';
import { purgeExpired } from '../maintenance';
import { signedHeaders } from './signature';

const clock = testClock();
const REQUESTS_PER_MINUTE = 6;
let server: TestServer;
let finance: string;
let merchant: MerchantFixture;
let phoneSeq = 0;
const nextPhone = () => `1370000${String((phoneSeq += 1)).padStart(4, '0')}`;
const balancePath = pathOf(contract.merchants.balance);

beforeAll(async () => {
  const made = await consoleServer({ clock, env: { MERCHANT_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) } });
  server = made.server;
  finance = made.ops.finance;
  merchant = await approvedMerchant(server, finance, nextPhone());
});

/** A fresh minute for the key's request budget: each test counts its own requests. */
const nextMinute = () => clock.advance(61_000);

describe('a signed request', () => {
  it('is accepted when signed with the key over method, path, time, nonce and body', async () => {
    nextMinute();
    const answer = await signedCall(server, merchant, 'GET', balancePath);
    expect(answer).toEqual({ code: Code.Ok, msg: 'OK', data: { availableFen: 0, heldFen: 0 } });
    const profile = await callApi(server, contract.merchants.profile, { token: merchant.token });
    expect(profile.data.keys[0]).toMatchObject({ keyId: merchant.keyId, revoked: false, lastUsedAt: expect.any(String) });
  });

  it('is signed over the exact bytes sent, whatever their spacing', async () => {
    nextMinute();
    const body = `{ "merchantOrderNo" : "NOPE-1",\n  "goodsId": 999999, "faceValueFen": 100, "cards": [ { "cardPwd": "1" } ] }`;
    const answer = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.submitOrder), { body });
    // Past the signature: the card type is the first thing found wrong.
    expect(answer.code).toBe(Code.NotFound);
  });

  it('names the header that is missing or malformed, in both languages', async () => {
    nextMinute();
    const missing = await server.app.inject({ method: 'GET', url: balancePath, headers: { 'accept-language': 'en-US' } });
    expect(missing.json()).toMatchObject({ code: Code.MerchantHeaderMissing, msg: expect.stringContaining('X-Maika-Key') });
    const shortNonce = await signedRaw(server, merchant, 'GET', balancePath, { nonce: 'short', locale: 'zh-CN' });
    expect(shortNonce.json()).toMatchObject({ code: Code.MerchantHeaderMissing, msg: expect.stringContaining('X-Maika-Nonce') });
    expect(shortNonce.json().msg).toContain('16 到 64 位');
  });

  it('is refused with an unknown key', async () => {
    const unknown = await signedCall(server, { keyId: `mk_${'0'.repeat(24)}`, secret: merchant.secret }, 'GET', balancePath);
    expect(unknown).toMatchObject({ code: Code.MerchantKeyUnknown, msg: expect.stringContaining('Merchant API page') });
  });

  it('is refused with a revoked key, and the merchant page shows it revoked', async () => {
    const other = await approvedMerchant(server, finance, nextPhone());
    expect((await signedCall(server, other, 'GET', balancePath)).code).toBe(Code.Ok);
    const revoked = await callApi(server, contract.merchants.revokeKey, { token: other.token, params: { keyId: other.keyId } });
    expect(revoked.data.key).toMatchObject({ keyId: other.keyId, revoked: true });
    expect(await signedCall(server, other, 'GET', balancePath)).toMatchObject({
      code: Code.MerchantKeyRevoked,
      msg: expect.stringContaining(other.keyId),
    });
  });

  it("is refused for a suspended merchant's every key, and taken again once it is reinstated", async () => {
    const other = await approvedMerchant(server, finance, nextPhone());
    const suspend = await adminCall(server, finance, 'POST', pathOf(contract.merchants.suspend, { id: other.merchantId }), {
      reason: 'chargebacks under review',
    });
    expect(suspend).toMatchObject({ code: Code.Ok, data: { status: 3, reason: 'chargebacks under review' } });
    expect(await signedCall(server, other, 'GET', balancePath)).toMatchObject({
      code: Code.MerchantSuspended,
      msg: expect.stringContaining('suspended'),
    });
    await adminCall(server, finance, 'POST', pathOf(contract.merchants.reinstate, { id: other.merchantId }));
    expect((await signedCall(server, other, 'GET', balancePath)).code).toBe(Code.Ok);
  });

  it('is refused once the merchant cancelled the account: its keys are revoked and its contact forgotten', async () => {
    const other = await approvedMerchant(server, finance, nextPhone());
    expect((await callApi(server, contract.accounts.cancel, { token: other.token })).code).toBe(Code.Ok);
    expect((await signedCall(server, other, 'GET', balancePath)).code).toBe(Code.MerchantKeyRevoked);
    const { rows } = await server.deps.database.pool.query('select contact, notify_url from merchants where id = $1', [other.merchantId]);
    expect(rows[0]).toEqual({ contact: '', notify_url: null });
  });

  it('is refused when its timestamp is more than 300 s behind or ahead of our clock, and taken within it', async () => {
    nextMinute();
    const now = Math.floor(clock.now() / 1000);
    for (const timestamp of [now - 301, now + 301]) {
      const refused = await signedCall(server, merchant, 'GET', balancePath, { timestamp });
      expect(refused).toMatchObject({ code: Code.MerchantTimestampSkewed, msg: expect.stringContaining('301 s away') });
    }
    for (const timestamp of [now - 299, now + 299])
      expect((await signedCall(server, merchant, 'GET', balancePath, { timestamp })).code).toBe(Code.Ok);
  });

  it('is refused when its nonce was seen before with the key, even signed anew', async () => {
    nextMinute();
    const nonce = 'replayed-nonce-0001';
    expect((await signedCall(server, merchant, 'GET', balancePath, { nonce })).code).toBe(Code.Ok);
    const replay = await signedCall(server, merchant, 'GET', balancePath, { nonce });
    expect(replay).toMatchObject({ code: Code.MerchantNonceReplayed, msg: expect.stringContaining('fresh random nonce') });
  });

  it('keeps its nonce until the maintenance purge, past twice the clock window', async () => {
    nextMinute();
    await signedCall(server, merchant, 'GET', balancePath, { nonce: 'old-nonce-to-purge-01' });
    await signedCall(server, merchant, 'GET', balancePath, { nonce: 'new-nonce-to-keep-001' });
    await server.deps.database.pool.query(
      `update merchant_nonces set seen_at = now() - interval '11 minutes' where nonce = 'old-nonce-to-purge-01'`,
    );
    await purgeExpired(server.deps);
    const { rows } = await server.deps.database.pool.query(`select nonce from merchant_nonces where nonce like '%-nonce-to-%'`);
    expect(rows.map((r) => r.nonce)).toEqual(['new-nonce-to-keep-001']);
  });

  it('is refused with a bad signature: another secret, a changed body, another path; and says nothing of its input', async () => {
    nextMinute();
    const wrongSecret = await signedCall(server, merchant, 'GET', balancePath, { secret: 'not-the-secret' });
    expect(wrongSecret).toMatchObject({ code: Code.MerchantSignatureInvalid, msg: expect.stringContaining('HMAC-SHA256') });
    const signedOther = await signedRaw(server, merchant, 'POST', pathOf(contract.merchants.submitOrder), { body: { a: 1 } });
    expect(signedOther.json().code).toBe(Code.InvalidInput);
    const changedBody = await server.app.inject({
      method: 'POST',
      url: pathOf(contract.merchants.submitOrder),
      headers: { ...signedHeadersOf('{"a":1}'), 'content-type': 'application/json' },
      payload: '{"a":2}',
    });
    expect(changedBody.json().code).toBe(Code.MerchantSignatureInvalid);
    const otherPath = await server.app.inject({
      method: 'GET',
      url: `${balancePath}?x=1`,
      headers: signedHeadersOf('', 'GET', balancePath),
    });
    expect(otherPath.json().code).toBe(Code.MerchantSignatureInvalid);
  });

  it('is refused when its body is over the limit, before the body is read', async () => {
    nextMinute();
    const body = JSON.stringify({ merchantOrderNo: 'BIG-1', padding: 'x'.repeat(MERCHANT_BODY_LIMIT_BYTES) });
    const answer = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.submitOrder), { body });
    expect(answer).toMatchObject({ code: Code.MerchantBodyTooLarge, msg: expect.stringContaining('1024 KB') });
  });

  it('is rate limited per key: past the budget a key waits, another key does not', async () => {
    nextMinute();
    const other = await approvedMerchant(server, finance, nextPhone());
    for (let i = 0; i < REQUESTS_PER_MINUTE; i += 1) expect((await signedCall(server, merchant, 'GET', balancePath)).code).toBe(Code.Ok);
    const limited = await signedCall(server, merchant, 'GET', balancePath);
    expect(limited).toMatchObject({ code: Code.MerchantRateLimited, data: { seconds: expect.any(Number) } });
    expect(limited.msg).toContain(`at most ${REQUESTS_PER_MINUTE} a minute`);
    expect((await signedCall(server, other, 'GET', balancePath)).code).toBe(Code.Ok);
    nextMinute();
    expect((await signedCall(server, merchant, 'GET', balancePath)).code).toBe(Code.Ok);
  });
});

/** The merchant's headers for `body` on a request that will then be sent differently. */
function signedHeadersOf(body: string, method = 'POST', path = pathOf(contract.merchants.submitOrder)) {
  return signedHeaders({
    method,
    pathWithQuery: path,
    body,
    keyId: merchant.keyId,
    secret: merchant.secret,
    timestamp: Math.floor(clock.now() / 1000),
  });
}
