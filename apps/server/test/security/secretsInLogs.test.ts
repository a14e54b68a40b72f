/**
 * Secrets never reach the logs. A whole journey runs with every log line captured at the most
 * verbose level, workers included: SMS login, real-name verification, a card submission, a
 * bank-card payee, a withdrawal and an admin login. Then no line may hold the SMS code, a token,
 * the card number or password, the ID number, the bank card number or an operator password.
 */
import { idCheckChar } from '@maika/shared';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppInstance } from '../../src/http/appInstance';
import { createDeps, type Deps } from '../../src/deps';
import { createLogger } from '../../src/http/logger';
import { startCardWorker, startPayoutWorker } from '../../src/workers';
import { createAdmin } from '../console';
import { enrolSession } from '../twoFactor';
import { signCallback, simChannelSecret } from '../../src/providers/channel';
import { createCardType } from '../cardFixtures';
import { createTestDatabase, testConfig, type TestServer } from '../harness';
import { eventually } from '../moneyFixtures';

const captured: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    captured.push(String(chunk));
    done();
  },
});

let app: AppInstance;
let deps: Deps;
const secrets: Record<string, string> = {};
const DEVICE = 'logs-device-0001';

async function call(method: 'GET' | 'POST', url: string, o: { token?: string; admin?: string; body?: unknown } = {}) {
  const response = await app.inject({
    method,
    url,
    headers: {
      uuid: DEVICE,
      ...(o.token ? { token: o.token } : {}),
      ...(o.admin ? { authorization: `Bearer ${o.admin}` } : {}),
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(o.body === undefined ? {} : { payload: JSON.stringify(o.body) }),
  });
  const body = response.json();
  if (body.code !== 200 && body.code !== 338) throw new Error(`${method} ${url}: ${body.code} ${body.msg}`);
  return body;
}

beforeAll(async () => {
  const { database } = await createTestDatabase();
  const logger = createLogger('trace', sink);
  deps = createDeps(testConfig({ LOG_LEVEL: 'trace', PAYOUT_SIM_OUTCOME: 'paid' }), database, { log: logger });
  app = await buildApp(deps, { logger });
  await app.ready();
  await deps.jobs.start({ worker: true });
  await startPayoutWorker(deps);
  await startCardWorker(deps);
});
afterAll(async () => {
  await deps.jobs.stop();
  await app.close();
});

describe('the logs of a whole journey', () => {
  it('hold no SMS code, token, card secret, ID number, bank card number or password', async () => {
    const phone = '13912340000';
    await call('POST', '/api/Authentication/getLoginSms', { body: { phone } });
    const {
      rows: [sms],
    } = await deps.database.pool.query('select code from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
    secrets.smsCode = sms.code;
    const login = await call('POST', '/api/Authentication/smsLogin', { body: { phone, code: sms.code } });
    const token = (secrets.token = login.data.token);

    const idBase = '44030519900307123';
    secrets.idNum = `${idBase}${idCheckChar(idBase)}`;
    const started = await call('POST', '/api/user/faceCertifyVerifyUrl', { token, body: { name: '欧阳娜娜', idNum: secrets.idNum } });
    await app.inject({
      method: 'POST',
      url: `/sim/face/${started.data.certifyId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=passed',
    });
    await call('GET', `/api/user/queryFaceCertify?certifyId=${started.data.certifyId}`, { token });

    const type = await createCardType({ deps } as unknown as TestServer);
    secrets.cardNo = '6123456789012345';
    secrets.cardPwd = '8473619205';
    const order = await call('POST', '/api/order/submit', {
      token,
      body: {
        goodsId: type.id,
        faceValueFen: 10_000,
        cards: [{ cardNo: secrets.cardNo, cardPwd: secrets.cardPwd }],
        idempotencyKey: 'logs-order-1',
        agree: true,
      },
    });
    // The channel's signed verdict, then the credit job: the callback route and the workers log too.
    const cardId = (await call('GET', `/api/order/detail?id=${order.data.orderId}`, { token })).data.order.cards[0].id;
    const verdict = JSON.stringify({ ref: String(cardId), outcome: 'passed' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signCallback(simChannelSecret(deps.config), timestamp, 'logs-nonce-0001', verdict);
    await app.inject({
      method: 'POST',
      url: '/api/channel/callback/sim',
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-nonce': 'logs-nonce-0001', 'x-signature': signature },
      payload: verdict,
    });
    await eventually(async () => {
      const detail = await call('GET', `/api/order/detail?id=${order.data.orderId}`, { token });
      return detail.data.order.cards[0].settlementStatus === 2;
    });

    secrets.bankCard = '6222021234567894';
    const payee = await call('POST', '/api/user/savePayee', {
      token,
      body: { channel: 3, account: secrets.bankCard, bankCode: 'ICBC', branch: '北京分行' },
    });
    await call('POST', '/api/cash/extract', {
      token,
      body: { amountFen: 5000, channel: 3, payeeId: payee.data.payee.id, idempotencyKey: 'logs-withdraw-1' },
    });

    secrets.adminPassword = 'log sweep password 1';
    await createAdmin(deps, 'logsweep', 'admin', secrets.adminPassword);
    const admin = await call('POST', '/api/admin/login', { body: { username: 'logsweep', password: secrets.adminPassword } });
    secrets.adminToken = admin.data.token;
    const enrolled = await enrolSession((method, url, body) => call(method, url, { admin: secrets.adminToken, body }));
    secrets.totpSecret = enrolled.secret;
    secrets.recoveryCode = enrolled.recoveryCodes[0]!;
    const second = await call('POST', '/api/admin/login', {
      body: { username: 'logsweep', password: secrets.adminPassword, otp: secrets.recoveryCode },
    });
    expect(second.code, second.msg).toBe(200);
    await call('GET', '/api/admin/withdrawals?status=999', { admin: secrets.adminToken });

    const logs = captured.join('');
    // The capture works: requests were logged, with their URLs and bodies' neighbours.
    expect(logs).toContain('/api/order/submit');
    expect(captured.length).toBeGreaterThan(20);
    for (const [name, value] of Object.entries(secrets)) {
      expect(logs.includes(value), `${name} appears in the logs`).toBe(false);
    }
    // The bank card number in any grouping, and the ID number's distinctive middle.
    expect(logs).not.toMatch(/6222\s?0212\s?3456\s?7894/);
    expect(logs).not.toContain(secrets.idNum.slice(6, 14));
  });
});
