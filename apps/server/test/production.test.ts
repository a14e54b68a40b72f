/**
 * The compiled server (`npm run build`, `npm run start:prod`) in production mode, as an operator
 * starts it: NODE_ENV not set, real vendors (our local fakes), a PostgreSQL given by DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../src/db/client';
import { bareEnvironment, compiledDir, startCompiled, waitUntilReady, type CompiledProcess } from './compiled';
import { withDatabase } from './cluster';
import { createTestDatabase } from './harness';
import { METRICS_TOKEN, startProductionVendors, type ProductionVendors } from './productionEnv';

const started: CompiledProcess[] = [];
const run = async (env: Record<string, string>) => {
  const server = await startCompiled(env);
  started.push(server);
  return server;
};

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
});

describe('the compiled server with nothing configured', () => {
  it('exits non-zero at once, naming DATABASE_URL, APP_SECRET, DATA_ENCRYPTION_KEY and the SMS vendor', async () => {
    const server = await run({});
    expect(await server.exited).toBe(1);
    const output = server.output();
    for (const name of ['DATABASE_URL', 'APP_SECRET', 'DATA_ENCRYPTION_KEY', 'SMS_PROVIDER']) expect(output).toContain(`  - ${name}: `);
    expect(output).toContain('NODE_ENV is production unless set');
    expect(output).not.toMatch(/at .*\.js:\d+/); // a refusal, not a crash with a stack
  });
});

describe('the compiled server in production with real vendors', () => {
  let vendors: ProductionVendors;
  let server: CompiledProcess;
  const device = { uuid: 'production-device-0001' };
  /** The envelope of an answer; its shape is what the tests check. */
  const body = (response: Response) => response.json() as Promise<{ code: number; msg: string; data: any }>;
  const json = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...device, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) },
    });

  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];

  beforeAll(async () => {
    const { url, database: db } = await createTestDatabase();
    database = db;
    vendors = await startProductionVendors(url);
    server = await run({ ...vendors.env, PUBLIC_URL: 'https://maika.example.com' });
    await waitUntilReady(server);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await vendors?.close();
  });

  it('says so in its banner, in JSON log lines, and names no simulator', () => {
    // Node's own deprecation warnings aside (stderr, not our log).
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line && !line.startsWith('(node:') && !line.startsWith('(Use `node'));
    expect(
      lines.every((line) => line.startsWith('{')),
      server.output(),
    ).toBe(true);
    expect(server.output()).toContain('Maika is running in production mode');
    expect(server.output()).not.toContain('SIMULATED');
  });

  it('has no development routes: the SMS outbox and the face simulator answer 404', async () => {
    expect((await json('/api/dev/smsOutbox?phone=13800138000')).status).toBe(404);
    expect((await json('/sim/face/anything')).status).toBe(404);
  });

  it('answers /metrics only with METRICS_TOKEN', async () => {
    expect((await json('/metrics')).status).toBe(401);
    const metrics = await json('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_seconds_total');
  });

  it('makes no administrator at its first start and logs no password, only how to make one at a terminal', async () => {
    expect((await database.pool.query('select count(*)::int as n from admins')).rows[0].n).toBe(0);
    expect(server.output()).toContain('No operator account yet: on a terminal of this host run `npm run admin -- create <username> admin`');
    expect(server.output()).not.toMatch(/password/i);
  });

  it('logs a phone in with the code sent through the Aliyun gateway', async () => {
    const phone = '13712345678';
    const sent = await json('/api/Authentication/getLoginSms', { method: 'POST', body: JSON.stringify({ phone }) }).then(body);
    expect(sent.code, sent.msg).toBe(200);
    const code = vendors.codeSentTo(phone);
    const login = await json('/api/Authentication/smsLogin', { method: 'POST', body: JSON.stringify({ phone, code }) }).then(body);
    expect(login.code, login.msg).toBe(200);
    const info = await json('/api/user/getInfo', { headers: { token: login.data.token } }).then(body);
    expect(info.data.userinfo.phone).toBe('137****5678');
  });

  it('refuses to start with a simulator selected, and says which', async () => {
    const refused = await run({
      ...vendors.env,
      PUBLIC_URL: 'https://maika.example.com',
      SMS_PROVIDER: 'sim',
      CARD_CHANNEL: 'sim',
      SEED_DEMO: 'true',
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('SMS_PROVIDER: the simulator cannot be used in production; choose aliyun or tencent');
    expect(refused.output()).toContain('CARD_CHANNEL: the simulator cannot be used in production');
    expect(refused.output()).toContain('SEED_DEMO: demo data cannot be loaded in production');
  });
});

describe('migrations as a deployment step', () => {
  let vendors: ProductionVendors;
  let databaseUrl: string;
  beforeAll(async () => {
    const serverUrl = inject('postgresServerUrl');
    const name = `maika_empty_${randomBytes(5).toString('hex')}`;
    const admin = connect(serverUrl, 1);
    await admin.pool.query(`create database ${name}`);
    await admin.close();
    databaseUrl = withDatabase(serverUrl, name);
    vendors = await startProductionVendors(databaseUrl);
  });
  afterAll(async () => {
    await vendors?.close();
  });

  const migrate = () =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [`${compiledDir}migrate.js`], { env: bareEnvironment({ DATABASE_URL: databaseUrl }) });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('refuses to start on a database whose schema is behind, naming npm run db:migrate; two migrations at once both succeed; then it starts', async () => {
    const behind = await run({ ...vendors.env, PUBLIC_URL: 'https://maika.example.com' });
    expect(await behind.exited).toBe(1);
    expect(behind.output()).toMatch(/The database schema is behind this build by \d+ migration\(s\)/);
    expect(behind.output()).toContain('Run `npm run db:migrate`');

    const [first, second] = await Promise.all([migrate(), migrate()]);
    expect([first.code, second.code], `${first.output}\n${second.output}`).toEqual([0, 0]);
    expect([first.output, second.output].sort()).toEqual([
      expect.stringMatching(/^applied \d+ migration\(s\); the schema is current\n$/),
      'nothing to apply; the schema is current\n',
    ]);

    const server = await run({ ...vendors.env, PUBLIC_URL: 'https://maika.example.com' });
    await waitUntilReady(server);
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
