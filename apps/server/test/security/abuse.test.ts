/**
 * SMS and token abuse: limits by client network (an IPv6 client by its /64), the platform's hourly
 * SMS budget with its metric and alert, anonymous tokens per network, and the warning about
 * X-Forwarded-For arriving while TRUST_PROXY is off.
 */
import { Code } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { captureLogs, createTestServer } from '../harness';

const sendSms = (server: Awaited<ReturnType<typeof createTestServer>>, phone: string, ip: string) =>
  server.call('POST', '/api/Authentication/getLoginSms', { body: { phone }, ip });

describe('SMS limits by client network', () => {
  it('counts every address of one IPv6 /64 together, and another /64 apart', async () => {
    const server = await createTestServer({ limitRules: { smsIpPerDay: 3 } });
    const answers = [];
    for (let i = 1; i <= 4; i += 1) answers.push((await sendSms(server, `1390000100${i}`, `2001:db8:aa:1::${i.toString(16)}`)).code);
    expect(answers).toEqual([Code.Ok, Code.Ok, Code.Ok, Code.SmsIpDailyLimit]);
    expect((await sendSms(server, '13900001009', '2001:db8:aa:2::1')).code).toBe(Code.Ok);
  });
});

describe('the hourly SMS budget', () => {
  it('refuses sends past SMS_GLOBAL_HOURLY_LIMIT whoever asks, counts them in a metric and logs one alert line', async () => {
    const logs = captureLogs();
    const server = await createTestServer({ env: { SMS_GLOBAL_HOURLY_LIMIT: '2' }, logger: logs.logger });
    expect((await sendSms(server, '13900002001', '198.51.100.1')).code).toBe(Code.Ok);
    expect((await sendSms(server, '13900002002', '198.51.100.2')).code).toBe(Code.Ok);

    const refused = await server.call('POST', '/api/Authentication/getLoginSms', {
      body: { phone: '13900002003' },
      ip: '198.51.100.3',
      headers: { lang: 'en-US' },
    });
    const again = await sendSms(server, '13900002004', '198.51.100.4');

    expect(refused).toMatchObject({
      code: Code.SmsBudgetExhausted,
      msg: 'The text message service is busy; request a code again in a while',
    });
    expect(again.code).toBe(Code.SmsBudgetExhausted);
    const { rows } = await server.deps.database.pool.query('select count(*)::int as n from sms_outbox');
    expect(rows[0].n).toBe(2);
    const metrics = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^maika_sms_budget_refused_total \d+$/m);
    expect(Number(/^maika_sms_budget_refused_total (\d+)$/m.exec(metrics)![1])).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(/^maika_sms_sent_total \d+$/m);
    const alerts = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('"alert":"sms_budget_exhausted"'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('"level":50');
    // The refused send gave back the phone's resend gap: asking again is told about the budget, not "just sent".
    expect((await sendSms(server, '13900002003', '198.51.100.3')).code).toBe(Code.SmsBudgetExhausted);
  });
});

describe('anonymous tokens', () => {
  it('are limited per client network per hour, an IPv6 /64 as one network', async () => {
    const server = await createTestServer({ env: { TOKEN_NETWORK_HOURLY_LIMIT: '2' } });
    const get = (ip: string) => server.call('GET', '/api/Authentication/getToken', { ip, headers: { lang: 'en-US' } });
    expect((await get('2001:db8:bb:1::1')).code).toBe(Code.Ok);
    expect((await get('2001:db8:bb:1::2')).code).toBe(Code.Ok);

    const refused = await get('2001:db8:bb:1:ffff::3');

    expect(refused).toMatchObject({ code: Code.RateLimited, data: { seconds: expect.any(Number) } });
    expect(refused.msg).toMatch(/^Too many attempts; try again in \d+ s$/);
    expect((await get('203.0.113.7')).code).toBe(Code.Ok);
    const { rows } = await server.deps.database.pool.query(`select count(*)::int as n from tokens where kind = 'anonymous'`);
    expect(rows[0].n).toBe(3);
  });
});

describe('X-Forwarded-For while TRUST_PROXY is off', () => {
  it('warns once, on the first request that carries it, and the client address stays the connection', async () => {
    const logs = captureLogs();
    const server = await createTestServer({ logger: logs.logger });
    await server.call('GET', '/api/Authentication/getToken', { ip: '203.0.113.8' });
    expect(logs.text()).not.toContain('untrusted_proxy');

    await server.call('GET', '/api/Authentication/getToken', { ip: '203.0.113.8', headers: { 'x-forwarded-for': '198.51.100.9' } });
    await server.call('GET', '/api/Authentication/getToken', { ip: '203.0.113.8', headers: { 'x-forwarded-for': '198.51.100.10' } });

    const warnings = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('"alert":"untrusted_proxy"'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('TRUST_PROXY');
  });

  it('says nothing when TRUST_PROXY is set', async () => {
    const logs = captureLogs();
    const server = await createTestServer({ env: { TRUST_PROXY: '1' }, logger: logs.logger });
    await server.call('GET', '/api/Authentication/getToken', { headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(logs.text()).not.toContain('untrusted_proxy');
  });
});
