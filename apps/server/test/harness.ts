import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, LightMyRequestResponse } from 'fastify';
import { Code, codesOf, type ContractCall } from '@maika/shared';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppInstance } from '../src/http/appInstance';
import { loadConfig, type Config } from '../src/config';
import { connect, type Database } from '../src/db/client';
import { createDeps, type Deps } from '../src/deps';
import { createLogger } from '../src/http/logger';
import type { Clock, LimitRules } from '../src/lib/limits';
import type { SmsProvider } from '../src/providers/sms';
import { startCardWorker, startMerchantWorker, startPayoutWorker } from '../src/workers';
import { withDatabase } from './cluster';

/** A fresh database copied from the migrated template; dropped when the file's tests end. */
export async function createTestDatabase(): Promise<{ url: string; database: Database }> {
  const serverUrl = inject('postgresServerUrl');
  const name = `maika_test_${randomBytes(6).toString('hex')}`;
  const admin = connect(serverUrl, 1);
  await admin.pool.query(`create database ${name} template ${inject('templateDatabase')}`);
  const url = withDatabase(serverUrl, name);
  const database = connect(url, 10);
  afterAll(async () => {
    await database.close();
    await admin.pool.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  });
  return { url, database };
}

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'maika-test-data-')),
    APP_SECRET: 'test-secret-'.padEnd(48, 'x'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
}

let keySequence = 0;
/** An idempotency key no other request in the run has used. */
export const newKey = () => `k${process.pid}x${Date.now()}x${(keySequence += 1)}`;

export interface Polling {
  /** Gives up after this long and answers undefined; without it only the test's time-out bounds the wait. */
  withinMs?: number;
  everyMs?: number;
}

/**
 * Polls until `probe` answers a value (anything truthy) and answers it, or undefined once
 * `withinMs` has passed. Tests assert what the value is, never how long it took.
 */
export function eventually<T>(probe: () => Promise<T | undefined | null | false>, polling?: Polling & { withinMs?: undefined }): Promise<T>;
export function eventually<T>(probe: () => Promise<T | undefined | null | false>, polling: Polling): Promise<T | undefined>;
export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  { withinMs, everyMs = 100 }: Polling = {},
): Promise<T | undefined> {
  const deadline = withinMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface TestServer {
  app: AppInstance;
  deps: Deps;
  /** A request as the mobile client sends it: device id always, token when given. */
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options?: CallOptions): Promise<Body>;
  /** Logs a phone in through the real SMS flow and returns the token. */
  login(phone: string, options?: { p?: string; ip?: string; token?: string }): Promise<string>;
  /** The newest code the SMS simulator sent to a phone. */
  latestCode(phone: string): Promise<string>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
  deviceId?: string;
}

export interface Body<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface TestServerOptions {
  database?: Database;
  env?: NodeJS.ProcessEnv;
  sms?: SmsProvider;
  limitRules?: Partial<LimitRules>;
  /** The time the limiters and SMS codes go by (see `testClock`); the real time when absent. */
  clock?: Clock;
  /** Run the payout worker in this instance (jobs are always installed so withdrawals can queue them). */
  payoutWorker?: boolean;
  /** Run the card pipeline (channel submission, credits, status poll) in this instance. */
  cardWorker?: boolean;
  /** Deliver callbacks to merchants in this instance. */
  merchantWorker?: boolean;
  /** Log requests and jobs here (see `captureLogs`); silent when absent. */
  logger?: FastifyBaseLogger;
  /** Listen on a real port, for vendors that call back over HTTP. */
  listen?: boolean;
  /** Every request the app answers is added here, to be checked against the OpenAPI document (http/openapi.test.ts). */
  traffic?: Exchange[];
}

/** One request as the route read it, and the answer as sent. */
export interface Exchange {
  method: string;
  /** The route's pattern (`/api/admin/cards/:id/reveal`); undefined when no route matched. */
  route: string | undefined;
  headers: Record<string, unknown>;
  params: unknown;
  query: unknown;
  body: unknown;
  statusCode: number;
  contentType: string;
  /** The body as sent, when it was text. */
  payload: string | undefined;
}

/** A clock that starts at the real time and moves only when the test advances it. */
export function testClock(): Clock & { advance(ms: number): void } {
  let now = Date.now();
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

/** A debug logger whose every line the test can read, to prove what is and is not logged. */
export function captureLogs(): { logger: FastifyBaseLogger; text(): string } {
  let text = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger('debug', stream), text: () => text };
}

/**
 * Every code a call answers in any test must be one its contract entry declares, so the OpenAPI
 * document built from those declarations describes every answer the tests see. An undeclared one
 * is turned into an HTTP 500 whose message names it, which fails the test that provoked it.
 */
function undeclaredAnswer(call: ContractCall | undefined, text: string | undefined, reply: FastifyReply): string | undefined {
  const code = call && text?.startsWith('{"code":') ? (JSON.parse(text) as { code: unknown }).code : undefined;
  if (!call || typeof code !== 'number' || code === Code.Internal || codesOf(call).includes(code as Code)) return undefined;
  const msg = `${call.method} ${call.path} answered ${code}, a code its contract entry does not declare: add it to the entry's \`codes\``;
  process.stderr.write(`${msg}\n`);
  reply.code(500);
  return JSON.stringify({ code: Code.Internal, msg, data: null });
}

/** The app wired to a real PostgreSQL, as `npm start` wires it, minus listening on a port. */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase()).database;
  const { sms, limitRules, clock, logger } = options;
  const deps = createDeps(testConfig(options.env), database, { sms, limitRules, clock, log: logger });
  const app = await buildApp(deps, { logger });
  const { traffic } = options;
  app.addHook('onSend', async (request, reply, payload) => {
    const text = typeof payload === 'string' ? payload : undefined;
    traffic?.push({
      method: request.method,
      route: request.routeOptions.url,
      headers: { ...request.headers },
      params: request.params,
      query: request.query,
      body: request.body,
      statusCode: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      payload: text,
    });
    return undeclaredAnswer(request.routeOptions.config.call, text, reply) ?? payload;
  });
  if (options.listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  await deps.jobs.start({ worker: Boolean(options.payoutWorker || options.cardWorker || options.merchantWorker) });
  if (options.payoutWorker) await startPayoutWorker(deps);
  if (options.cardWorker) await startCardWorker(deps);
  if (options.merchantWorker) await startMerchantWorker(deps);
  afterAll(async () => {
    await deps.jobs.stop();
    await app.close();
  });

  const call: TestServer['call'] = async (method, url, o = {}) => {
    const response: LightMyRequestResponse = await app.inject({
      method,
      url,
      remoteAddress: o.ip ?? '127.0.0.1',
      headers: {
        uuid: o.deviceId ?? 'test-device-0001',
        ...(o.token ? { token: o.token } : {}),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...o.headers,
      },
      ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${url} answered HTTP ${response.statusCode}: ${response.body}`);
    return response.json() as Body;
  };

  const latestCode = async (phone: string) => {
    const { rows } = await database.pool.query<{ code: string }>(
      'select code from sms_outbox where phone = $1 and code is not null order by id desc limit 1',
      [phone],
    );
    if (!rows[0]) throw new Error(`no SMS was sent to ${phone}`);
    return rows[0].code;
  };

  const login: TestServer['login'] = async (phone, o = {}) => {
    // Tests log the same phone in several times; the 60 s resend gap has its own tests.
    await database.pool.query(`delete from rate_limits where key like 'sms-interval:%' || $1`, [phone]);
    const sent = await call('POST', '/api/Authentication/getLoginSms', { body: { phone }, ip: o.ip });
    if (sent.code !== 200) throw new Error(`getLoginSms ${sent.code}: ${sent.msg}`);
    const body = { phone, code: await latestCode(phone), ...(o.p ? { p: o.p } : {}) };
    const result = await call('POST', '/api/Authentication/smsLogin', { body, ip: o.ip, token: o.token });
    if (result.code !== 200) throw new Error(`smsLogin ${result.code}: ${result.msg}`);
    return result.data.token as string;
  };

  return { app, deps, call, login, latestCode };
}

/**
 * Two instances of the server on one fresh database, each with its own pool, as two processes
 * would be: what one changes the other hears of only through the database's notices.
 */
export async function createTwoTestServers(options: Omit<TestServerOptions, 'database'> = {}): Promise<[TestServer, TestServer]> {
  const { url, database } = await createTestDatabase();
  const other = connect(url, 5);
  afterAll(() => other.close());
  return [await createTestServer({ ...options, database }), await createTestServer({ ...options, database: other })];
}

/** Every route the built app answers, read from Fastify's own route tree (not from our tables). */
export function registeredRoutes(server: TestServer): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
