import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestServer, testConfig, type TestServer } from '../../test/harness';
import { buildApp } from '../app';
import type { AppInstance } from './appInstance';
import { startBanner } from '../startBanner';
import type { Config } from '../config';
import { createDeps } from '../deps';

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The app as production builds it, on a test database: the checks below depend only on the mode. */
async function productionApp(env: NodeJS.ProcessEnv = {}): Promise<AppInstance> {
  const { database } = await createTestDatabase();
  const supplier = {
    CARD_CHANNEL: 'http',
    CARD_CHANNEL_HTTP_URL: 'http://127.0.0.1:9/api',
    CARD_CHANNEL_HTTP_MERCHANT_ID: 'maika',
    CARD_CHANNEL_HTTP_SECRET: 's'.repeat(32),
  };
  const config: Config = { ...testConfig({ ...supplier, ...env }), NODE_ENV: 'production', demo: false };
  const app = await buildApp(createDeps(config, database));
  await app.ready();
  return app;
}

describe('readiness', () => {
  it('is ready with the database reachable, the schema current and the job workers running', async () => {
    const server = await createTestServer({ cardWorker: true });
    const res = await server.app.inject({ url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.statusCode).toBe(200);
  });

  it('is not ready while the schema is behind the build, and names the command that fixes it', async () => {
    const { database } = await createTestDatabase();
    const server = await createTestServer({ database, cardWorker: true });
    await database.pool.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const res = await server.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().problems).toEqual(['schema behind by 1 migration(s): run npm run db:migrate']);
  });

  it('is not ready once the job workers stop (on shutdown)', async () => {
    const server = await createTestServer({ cardWorker: true });
    await server.deps.jobs.stop();
    const res = await server.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().problems).toEqual(['job workers not running']);
  });
});

describe('metrics', () => {
  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const server = await createTestServer({ env: { METRICS_TOKEN } });
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(
      401,
    );
    const res = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('serves no metrics in production without METRICS_TOKEN, and only to its bearer with it', async () => {
    const closed = await productionApp();
    expect((await closed.inject({ url: '/metrics' })).statusCode).toBe(404);
    await closed.close();
    const open = await productionApp({ METRICS_TOKEN });
    expect((await open.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await open.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
    await open.close();
  });
});

describe('development routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  const outbox = (app: AppInstance, remoteAddress: string) =>
    app.inject({ url: '/api/dev/smsOutbox?phone=13800138000', remoteAddress, headers: { uuid: 'test-device-0001' } });

  it('answer this machine in the demo', async () => {
    expect((await outbox(server.app, '127.0.0.1')).statusCode).toBe(200);
    expect((await outbox(server.app, '::1')).statusCode).toBe(200);
  });

  it('do not exist for other machines unless DEV_ROUTES_OPEN=true', async () => {
    const res = await outbox(server.app, '192.168.1.20');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(1002);
    const face = await server.app.inject({ url: '/sim/face/anything', remoteAddress: '192.168.1.20' });
    expect(face.statusCode).toBe(404);
    const open = await createTestServer({ env: { DEV_ROUTES_OPEN: 'true' } });
    expect((await outbox(open.app, '192.168.1.20')).statusCode).toBe(200);
  });

  it('judge the client by the forwarded address of a trusted proxy, not the proxy', async () => {
    const proxied = await createTestServer({ env: { TRUST_PROXY: '1' } });
    const res = await proxied.app.inject({
      url: '/api/dev/smsOutbox?phone=13800138000',
      remoteAddress: '127.0.0.1',
      headers: { uuid: 'test-device-0001', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('do not exist in production, even for this machine', async () => {
    const app = await productionApp();
    expect((await outbox(app, '127.0.0.1')).statusCode).toBe(404);
    expect((await app.inject({ url: '/sim/face/anything', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('start banner', () => {
  const parts = { address: 'http://127.0.0.1:8080', h5: true, admin: true };

  it('names the demo mode, every part and, loudly, each simulator in use', () => {
    const banner = startBanner(testConfig({ NODE_ENV: 'development', SEED_DEMO: 'true', PAYOUT_PROVIDER_WECHAT: 'offline' }), parts);
    expect(banner.lines[0]).toMatch(/^Maika is running in DEMO mode/);
    expect(banner.lines.join('\n')).toContain('http://127.0.0.1:8080/admin/');
    expect(banner.lines.join('\n')).toContain('answer this machine only (DEV_ROUTES_OPEN=true opens them to a phone on the LAN)');
    expect(banner.simulators).toEqual([
      expect.stringMatching(/^SIMULATED SMS: .*\/api\/dev\/smsOutbox/),
      expect.stringMatching(/^SIMULATED FACE VERIFICATION/),
      expect.stringMatching(/^SIMULATED MINI-PROGRAM LOGIN/),
      expect.stringMatching(/^SIMULATED ALIPAY PAYOUTS/),
      expect.stringMatching(/^SIMULATED CARD CHECKS/),
      expect.stringMatching(/^DEMO DATA/),
    ]);
  });

  it('names each payout channel whose vendor setting is the simulator', () => {
    const banner = startBanner(
      testConfig({ NODE_ENV: 'development', PAYOUT_PROVIDER_ALIPAY: 'sim', PAYOUT_PROVIDER_WECHAT: 'sim' }),
      parts,
    );
    expect(banner.simulators.filter((line) => line.includes('PAYOUTS'))).toEqual([
      'SIMULATED ALIPAY PAYOUTS: marked paid without paying anyone',
      'SIMULATED WECHAT PAYOUTS: marked paid without paying anyone',
    ]);
  });

  it('in production names no simulator and says where metrics are', () => {
    const config: Config = { ...testConfig(), NODE_ENV: 'production', demo: false };
    const banner = startBanner(config, { ...parts, h5: false });
    expect(banner.lines[0]).toBe('Maika is running in production mode');
    expect(banner.lines).toContain('  app            not built (npm run build:mobile)');
    expect(banner.lines).toContain('  metrics        off (set METRICS_TOKEN to serve /metrics)');
    expect(banner.simulators).toEqual([]);
  });
});
