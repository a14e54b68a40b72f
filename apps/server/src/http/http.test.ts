import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testConfig, type TestServer } from '../../test/harness';
import { buildApp } from '../app';
import { connect } from '../db/client';
import { createDeps } from '../deps';
import { createLogger } from './logger';

describe('operations endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });

  it('reports health after checking the database', async () => {
    const res = await server.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the site icon browsers ask every page for', async () => {
    const res = await server.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    // An ICO file: reserved 0, type 1 (icon), then at least one image.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('reports 503 when the database cannot be reached', async () => {
    const unreachable = connect('postgres://nobody:nothing@127.0.0.1:9/none', 1);
    const app = await buildApp(createDeps(testConfig(), unreachable));
    const res = await app.inject({ url: '/healthz' });
    await app.close();
    await unreachable.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database unavailable' });
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await server.call('GET', '/api/Basis/getFoundation');
    const res = await server.app.inject({ url: '/metrics' });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/Basis\/getFoundation",status="200"\} \d+/);
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('documents every call of the app that exists so far in the OpenAPI document', async () => {
    const spec = (await server.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/Authentication/getLoginSms',
        '/api/Authentication/smsLogin',
        '/api/Authentication/logOut',
        '/api/Authentication/cancel',
        '/api/Authentication/getToken',
        '/api/Basis/getChart',
        '/api/Basis/getNotice',
        '/api/Basis/getBroadcast',
        '/api/Basis/getFoundation',
        '/api/file/getRichTextTemplate',
        '/api/user/getInfo',
        '/api/user/updateInfo',
        '/api/admin/login',
      ]),
    );
    expect((await server.app.inject({ url: '/docs' })).statusCode).toBe(200);
  });

  it('answers unknown routes with the envelope and HTTP 404', async () => {
    const res = await server.app.inject({ url: '/api/nothing/here', headers: { uuid: 'test-device-0001', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1002, msg: 'The route GET /api/nothing/here was not found or has been removed' });
  });
});

describe('logs', () => {
  it('carry a request id and never an SMS code, a token or a password', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('debug', stream);
    const base = await createTestServer();
    const deps = createDeps(base.deps.config, base.deps.database, { log: logger });
    const app = await buildApp(deps, { logger });
    const headers = { uuid: 'test-device-0001', 'content-type': 'application/json' };
    await app.inject({
      method: 'POST',
      url: '/api/Authentication/getLoginSms',
      headers,
      payload: JSON.stringify({ phone: '13811112222' }),
    });
    const code = await base.latestCode('13811112222');
    const login = await app.inject({
      method: 'POST',
      url: '/api/Authentication/smsLogin',
      headers,
      payload: JSON.stringify({ phone: '13811112222', code }),
    });
    const token = login.json().data.token as string;
    await app.inject({ url: '/api/user/getInfo', headers: { ...headers, token } });
    await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers,
      payload: JSON.stringify({ username: 'nobody', password: 'hunter2-secret' }),
    });
    await app.close();

    const log = lines.join('');
    expect(log).toContain('simulated SMS sent');
    expect(log).toContain('"reqId"');
    expect(log).not.toContain(`"${code}"`); // as a value; a bare 6-digit run may occur inside a timestamp
    expect(log).toContain(`"simulatedCode":"[redacted]"`);
    expect(log).not.toContain(token);
    expect(log).not.toContain('hunter2-secret');
  });
});
