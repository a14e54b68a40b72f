import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminPassword, newDataDir, startServerProcess, waitUntilHealthy, type ServerProcess } from './support/serverProcess';

/**
 * The quick start, as a person runs it: the server process on an empty DATA_DIR, spoken to over
 * real HTTP, stopped with a signal and started again.
 */
describe('npm start on a fresh data directory', () => {
  const dataDir = newDataDir();
  let server: ServerProcess;
  const device = { uuid: 'e2e-device-000001' };
  const json = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...device, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) },
    }).then((r) => r.json() as Promise<any>);

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    await waitUntilHealthy(server);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the first admin password once, and it logs in to the admin API', async () => {
    const password = firstAdminPassword(server.output());
    const res = await json('/api/admin/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password }) });
    expect(res.code).toBe(200);
    expect(res.data.admin.role).toBe('admin');
  });

  it('serves the API documentation at /docs', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    const spec = (await fetch(`${server.url}/docs/json`).then((r) => r.json())) as { paths: object };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/Authentication/smsLogin', '/api/Basis/getChart']));
  });

  it('logs a phone in with the code from the SMS outbox', async () => {
    const phone = '13612345678';
    expect((await json('/api/Authentication/getLoginSms', { method: 'POST', body: JSON.stringify({ phone }) })).code).toBe(200);
    const outbox = await json(`/api/dev/smsOutbox?phone=${phone}`);
    expect(outbox.data[0]).toMatchObject({ phone, purpose: 'login' });
    const login = await json('/api/Authentication/smsLogin', {
      method: 'POST',
      body: JSON.stringify({ phone, code: outbox.data[0].code }),
    });
    expect(login.code).toBe(200);
    const info = await json('/api/user/getInfo', { headers: { token: login.data.token } });
    expect(info.data.userinfo.phone).toBe('136****5678');
  });

  it('never writes an SMS code or a token into its log', async () => {
    const codes = (await json('/api/dev/smsOutbox?phone=13612345678')).data.map((m: { code: string }) => m.code);
    for (const code of codes) expect(server.output()).not.toContain(`"${code}"`);
    expect(server.output()).toContain('[redacted]');
  });

  it('loads the demo data: banners, catalogue images, notices and every rich text', async () => {
    const banners = await json('/api/Basis/getChart?position=1');
    expect(banners.data.length).toBeGreaterThanOrEqual(3);
    const image = await fetch(`${server.url}${banners.data[0].image}`);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect((await json('/api/Basis/getNotice')).data.total).toBeGreaterThan(0);
    for (let point = 1; point <= 10; point++) {
      const { data } = await json(`/api/file/getRichTextTemplate?point=${point}`);
      const html = await fetch(`${server.url}${data.template}`).then((r) => r.text());
      expect(html.length, `point ${point}`).toBeGreaterThan(50);
    }
  });

  it('exposes health and Prometheus metrics', async () => {
    expect(await fetch(`${server.url}/healthz`).then((r) => r.json())).toEqual({ status: 'ok' });
    expect(await fetch(`${server.url}/metrics`).then((r) => r.text())).toContain('http_request_duration_seconds_bucket');
  });

  it('refuses a second server on the same DATA_DIR with a message saying why', async () => {
    const second = await startServerProcess({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another server');
    expect(second.output()).toContain('give this one its own DATA_DIR');
  });

  it('shuts down cleanly on SIGTERM and keeps its data for the next start', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(existsSync(join(dataDir, 'pg.lock'))).toBe(false);
    server = await startServerProcess({ DATA_DIR: dataDir });
    await waitUntilHealthy(server);
    expect(server.output()).not.toContain('created admin account');
    const outbox = await json('/api/dev/smsOutbox?phone=13612345678');
    expect(outbox.data.length).toBeGreaterThan(0);
  });
});
