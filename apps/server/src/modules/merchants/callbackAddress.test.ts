/**
 * Callback addresses as production sees them (no loopback exception): https only, and never an
 * address of a private, loopback or link-local network, whether written literally or reached
 * through a name, checked when saved and again when a callback is sent.
 */
import { Code, contract, MerchantCallbackStatus, pathOf } from '@maika/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/callApi';
import { createCardType, freshCard } from '../../../test/cardFixtures';
import { operator } from '../../../test/console';
import { createTestServer, type TestServer } from '../../../test/harness';
import { approvedMerchant, signedCall, type MerchantFixture } from '../../../test/merchantFixtures';
import type { ResolvedAddress } from '../../lib/publicAddress';
import { deliverCallback } from './callbackService';

let server: TestServer;
let merchant: MerchantFixture;
/** What each test name resolves to: the stubbed resolver's answers. */
const names = new Map<string, ResolvedAddress[]>();
const v4 = (...addresses: string[]) => addresses.map((address) => ({ address, family: 4 as const }));

beforeAll(async () => {
  server = await createTestServer({ env: { MERCHANT_CALLBACK_ALLOW_LOOPBACK: 'false' }, limitRules: { smsIpPerDay: 10_000 } });
  server.deps.resolveHost = async (host) => {
    const found = names.get(host) ?? (/^[\d.]+$/.test(host) ? v4(host) : /:/.test(host) ? [{ address: host, family: 6 as const }] : []);
    if (found.length === 0) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return found;
  };
  merchant = await approvedMerchant(server, await operator(server, 'finance'), '13400000001');
});

const save = (notifyUrl: string, locale = 'en-US') =>
  callApi(server, contract.merchants.saveNotifyUrl, { token: merchant.token, body: { notifyUrl }, headers: { 'accept-language': locale } });

describe('a callback address', () => {
  it.each([
    ['http://93.184.216.34/cb', 'must start with https://'],
    ['http://127.0.0.1:8080/cb', 'must start with https://'],
    ['https://127.0.0.1/cb', '127.0.0.1'],
    ['https://10.0.0.8/cb', '10.0.0.8'],
    ['https://172.20.1.1/cb', '172.20.1.1'],
    ['https://192.168.0.10/cb', '192.168.0.10'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://100.64.3.4/cb', '100.64.3.4'],
    ['https://0.0.0.0/cb', '0.0.0.0'],
    ['https://[::1]/cb', '::1'],
    ['https://[fe80::1]/cb', 'fe80::1'],
    ['https://[fd00::5]/cb', 'fd00::5'],
    ['https://[::ffff:10.0.0.1]/cb', '::ffff:a00:1'],
    ['https://[::ffff:127.0.0.1]/cb', '::ffff:7f00:1'],
    ['https://user:pass@93.184.216.34/cb', 'user name or password'],
  ])('is refused when saved: %s', async (url, said) => {
    const answer = await save(url);
    expect(answer).toMatchObject({ code: Code.MerchantNotifyUrlRefused, msg: expect.stringContaining(said) });
    expect(answer.msg).toContain('https address reachable from the internet');
  });

  it('is refused when its name resolves to this machine, a private network or link-local, even among public answers', async () => {
    names.set('loop.example.com', v4('127.0.0.1'));
    names.set('office.example.com', v4('10.20.30.40'));
    names.set('metadata.example.com', v4('169.254.169.254'));
    names.set('mixed.example.com', v4('93.184.216.34', '10.0.0.9'));
    for (const [host, address] of [
      ['loop.example.com', '127.0.0.1'],
      ['office.example.com', '10.20.30.40'],
      ['metadata.example.com', '169.254.169.254'],
      ['mixed.example.com', '10.0.0.9'],
    ]) {
      const answer = await save(`https://${host}/maika`);
      expect(answer, host).toMatchObject({ code: Code.MerchantNotifyUrlRefused, msg: expect.stringContaining(address!) });
    }
    const chinese = await save('https://office.example.com/maika', 'zh-CN');
    expect(chinese.msg).toBe('回调地址不可用：它指向 10.20.30.40，属于内网、本机、链路本地或保留地址；请填写可从公网访问的 https 地址');
    expect((await save('https://nowhere.example.com/maika')).msg).toContain('nowhere.example.com does not resolve');
  });

  it('is saved when https to a public address, and checked again when used: no connection once the name resolves privately', async () => {
    names.set('shop.example.com', v4('93.184.216.34'));
    expect(await save('https://shop.example.com/maika?x=1')).toMatchObject({
      code: Code.Ok,
      data: { notifyUrl: 'https://shop.example.com/maika?x=1' },
    });
    const type = await createCardType(server);
    const no = 'SSRF-1';
    const order = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.submitOrder), {
      body: { merchantOrderNo: no, goodsId: type.id, faceValueFen: 10_000, cards: [freshCard()] },
    });
    expect(order.code).toBe(Code.Ok);
    // The resend checks the address now, as saving did; then the name moves to a private network before the callback goes.
    expect(
      (await signedCall(server, merchant, 'POST', pathOf(contract.merchants.apiResendCallback), { body: { merchantOrderNo: no } })).code,
    ).toBe(Code.Ok);
    names.set('shop.example.com', v4('10.9.8.7'));
    const { rows } = await server.deps.database.pool.query('select id from merchant_orders where merchant_order_no = $1', [no]);
    expect(await deliverCallback(server.deps, Number(rows[0].id))).toBe('blocked');
    const read = await signedCall(server, merchant, 'GET', pathOf(contract.merchants.order, { merchantOrderNo: no }));
    expect(read.data.callbacks[0]).toMatchObject({
      status: MerchantCallbackStatus.Blocked,
      responseCode: null,
      error: 'address 10.9.8.7 is not public',
      url: 'https://shop.example.com/maika?x=1',
    });
    const resend = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.apiResendCallback), {
      body: { merchantOrderNo: no },
    });
    expect(resend).toMatchObject({ code: Code.MerchantNotifyUrlRefused, msg: expect.stringContaining('10.9.8.7') });
  });

  it('is attempted once when two jobs for one order run at the same time', async () => {
    names.set('twice.example.com', v4('93.184.216.34'));
    expect((await save('https://twice.example.com/cb')).code).toBe(Code.Ok);
    const resend = await signedCall(server, merchant, 'POST', pathOf(contract.merchants.apiResendCallback), {
      body: { merchantOrderNo: 'SSRF-1' },
    });
    expect(resend.code).toBe(Code.Ok);
    names.set('twice.example.com', v4('10.1.1.1'));
    const { rows } = await server.deps.database.pool.query(`select id from merchant_orders where merchant_order_no = 'SSRF-1'`);
    const id = Number(rows[0].id);
    const outcomes = await Promise.all([deliverCallback(server.deps, id), deliverCallback(server.deps, id)]);
    expect(outcomes.sort()).toEqual(['blocked', 'notDue']);
  });
});
