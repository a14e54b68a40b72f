/**
 * Schema-driven fuzzing of every route in the OpenAPI document: whatever a client sends, the
 * answer is a `{ code, msg, data }` body over HTTP 200, never an internal error, never a stack.
 * Plus the error handler's own promises (500 without internals, malformed JSON, unknown route).
 */
import { Code } from '@maika/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppInstance } from '../src/http/appInstance';
import { createDeps } from '../src/deps';
import { newToken } from '../src/lib/crypto';
import { insertAdminSession, ADMIN_SESSION_TTL_MS, adminTokenHash } from '../src/modules/operators';
import { createAdmin } from './console';
import { insertToken, tokenHash } from '../src/modules/accounts';
import { createTestDatabase, createTestServer, testConfig, type TestServer } from './harness';

// Runs per route: 50 in `npm test`, 20 in `npm run test:fast`, 200 in CI (.ci/run); FUZZ_RUNS sets
// them. A failure prints the seed and path to replay it.
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const DEVICE = 'fuzz-device-0001';

// Built while the file is collected, so each route of its OpenAPI document gets its own test.
// Fuzzed SMS sends must not run into the daily caps, or most runs would stop at the first check.
const server: TestServer = await createTestServer({ limitRules: { smsPhonePerDay: 1_000_000, smsIpPerDay: 1_000_000 } });
let fuzzAdminId: number;
let targetAdminId: number;
let fuzzUserId: number;
let phoneSerial = 0;

beforeAll(async () => {
  fuzzAdminId = (await createAdmin(server.deps, 'fuzzer', 'admin', 'fuzzer password 1')).id;
  // The id real requests aim at; random PATCHes may change it freely.
  targetAdminId = (await createAdmin(server.deps, 'fuzz_target', 'support', 'target password 1')).id;
  fuzzUserId = await newUser();
});

async function newUser(): Promise<number> {
  const phone = `1350000${String(++phoneSerial).padStart(4, '0')}`;
  await server.login(phone);
  const { rows } = await server.deps.database.pool.query('select id from users where phone = $1', [phone]);
  return Number(rows[0].id);
}

/**
 * A working admin token of role 'admin': earlier runs may have logged it out, or patched the
 * fuzzer's own account (a random id can hit it), which ends its sessions or takes its role.
 */
async function adminToken(): Promise<string> {
  const { deps } = server;
  await deps.database.pool.query(`update admins set role = 'admin', disabled_at = null where id = $1`, [fuzzAdminId]);
  const token = newToken();
  await insertAdminSession(deps.database.db, {
    tokenHash: adminTokenHash(deps, token),
    adminId: fuzzAdminId,
    expiresAt: new Date(Date.now() + ADMIN_SESSION_TTL_MS),
  });
  return token;
}

/** A working user token: earlier runs may have logged out, frozen or cancelled the account. */
async function userToken(): Promise<string> {
  const { deps } = server;
  const { rows } = await deps.database.pool.query('select status from users where id = $1', [fuzzUserId]);
  if (rows[0]?.status !== 'active') fuzzUserId = await newUser();
  const token = newToken();
  await insertToken(deps.database.db, {
    tokenHash: tokenHash(deps.config, token),
    kind: 'user',
    userId: fuzzUserId,
    deviceId: DEVICE,
    referralCode: null,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

/** Answers saying the token sent has stopped working: the next run gets a new one. */
const TOKEN_ENDED = new Set<number>([
  Code.NotLoggedIn,
  Code.TokenInvalid,
  Code.AccountFrozen,
  Code.AdminNotLoggedIn,
  Code.AdminForbidden,
  Code.AdminDisabled,
]);
const keptTokens: { user?: string; admin?: string } = {};

/** The token a run sends as 'valid': kept from run to run until an answer says it stopped working. */
async function workingToken(isAdmin: boolean): Promise<string> {
  return isAdmin ? (keptTokens.admin ??= await adminToken()) : (keptTokens.user ??= await userToken());
}

// ---------------------------------------------------------------------------------------------
// The contract every answer keeps.

const STACK = /\bat [^\s]+ \(|\bat .*:\d+:\d+|Error:|node_modules|\/src\/|\.[cm]?[jt]s:\d+/;

function expectEnvelope(response: LightMyRequestResponse, label: string): { code: number; msg: string; data: unknown } {
  const where = `${label} → HTTP ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, where).toBe(200);
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  let body: { code: unknown; msg: unknown; data: unknown };
  try {
    body = response.json();
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expect(typeof body.code === 'number' && Number.isInteger(body.code), where).toBe(true);
  expect(body.code, where).not.toBe(Code.Internal);
  // The error handler's catch-all for a lost database race: a service should have answered it.
  expect(body.code, where).not.toBe(Code.ConcurrentChange);
  expect(typeof body.msg === 'string' && body.msg.length > 0, where).toBe(true);
  expect(body.msg as string, where).not.toMatch(STACK);
  expect('data' in (body as object), where).toBe(true);
  return body as { code: number; msg: string; data: unknown };
}

// ---------------------------------------------------------------------------------------------
// Inputs from the schema.

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  jsonBody?: JsonSchema;
  consumes: string[];
}

const huge = 'x'.repeat(300_000);
const hugeUnicode = '卡😀\u202e'.repeat(40_000);
const tooLarge = JSON.stringify({ html: 'y'.repeat(3 * 1024 * 1024) });

/** Characters that break things: NUL, lone surrogates, quotes, escapes, bidi overrides, emoji. */
const nastyChar = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udfff',
      '%',
      '_',
      "'",
      '"',
      '\\',
      '<',
      '>',
      '&',
      '\n',
      '\u202e',
      '\ufeff',
      '😀',
      '卡',
      ' ',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);
const nastyString = fc.string({ unit: nastyChar, maxLength: 16 });

/** Values of every kind but the right one. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(huge, hugeUnicode, '', ' ', '💥'.repeat(1000), '<script>alert(1)</script>', "'; drop table users; --"),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, -0, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 2 }) },
);

/** Values that satisfy the schema, so runs also get past validation into the services. */
function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(v, depth + 1)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'date-time') {
        // The pattern's own strings, ordinary dates, and the edges of the calendar.
        return fc.oneof(
          fc.stringMatching(new RegExp(schema.pattern ?? '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$')),
          fc.date({ min: new Date(2000, 0), max: new Date(2100, 0), noInvalidDate: true }).map((d) => d.toISOString()),
          fc.constantFrom(
            '0000-01-01T00:00:00Z',
            '0001-01-01T00:00:00+23:59',
            '9999-12-31T23:59:59-23:59',
            '1969-12-31T23:59:59.999999999Z',
          ),
        );
      }
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      // Any text passes such a schema, so the hostile kind must get through to the services too.
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: nastyChar, minLength, maxLength }));
    }
    case 'integer':
    case 'number': {
      const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
      const lowest = (schema.minimum ?? -(2 ** 53 - 1)) + exclusiveMin;
      const highest = schema.maximum ?? 2 ** 53 - 1;
      const min = Math.max(lowest, -1_000_000);
      const max = Math.min(highest, 1_000_000);
      // Small values mostly, and the schema's own bounds, where overflow lives.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max: Math.max(min, max) }) },
        { weight: 1, arbitrary: fc.constantFrom(lowest, highest) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propertyNames);
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested])];
}

/** Objects with the schema's own property names, each valid, wrong, or left out. */
function shapedObject(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const names = propertyNames(schema);
  if (names.length === 0) return fc.object({ maxDepth: 2 });
  // Mostly valid values, so a run gets past the first check; some wrong, some left out.
  const model = Object.fromEntries(
    names.map((n) => [
      n,
      fc.oneof(
        { weight: 4, arbitrary: validValue(schema?.properties?.[n]) },
        { weight: 2, arbitrary: wrongValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ]),
  );
  return fc.record(model);
}

type Payload = { contentType?: string; payload: string | Buffer } | null;

const json = (value: unknown): Payload => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'undefined' });

function bodyArbitrary(op: Operation): fc.Arbitrary<Payload> {
  const names = propertyNames(op.jsonBody);
  const form = fc.dictionary(fc.constantFrom(...(names.length ? names : ['a'])), fc.string()).map((d) => new URLSearchParams(d).toString());
  const jsonBodies = fc.oneof(
    { weight: 5, arbitrary: shapedObject(op.jsonBody).map(json) },
    { weight: 3, arbitrary: validValue(op.jsonBody).map(json) },
    { weight: 1, arbitrary: fc.anything().map(json) },
    { weight: 1, arbitrary: fc.object().map(json) },
    { weight: 1, arbitrary: fc.jsonValue().map(json) },
    { weight: 1, arbitrary: fc.array(shapedObject(op.jsonBody), { maxLength: 3 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...names.map((n) => ({ [n]: huge })), ...names.map((n) => ({ [n]: hugeUnicode })), {
          nested: { a: [{ b: [1, { c: huge }] }] },
        })
        .map(json),
    },
  );
  const raw = fc.oneof(
    // Malformed JSON: random text, and valid JSON cut short.
    fc.string().map((s): Payload => ({ contentType: 'application/json', payload: s })),
    shapedObject(op.jsonBody).chain((v) => {
      const text = JSON.stringify(v);
      return fc
        .nat({ max: Math.max(0, text.length - 1) })
        .map((cut): Payload => ({ contentType: 'application/json', payload: text.slice(0, cut) }));
    }),
    fc.constantFrom<Payload>(
      { contentType: 'application/json', payload: '' },
      { contentType: 'application/json', payload: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' },
      { contentType: 'application/json', payload: '['.repeat(5000) + ']'.repeat(5000) },
      { contentType: 'application/json', payload: tooLarge },
      { contentType: 'application/json; charset=iso-8859-1', payload: Buffer.from('{"a":"\xe9"}', 'latin1') },
      { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) },
      { contentType: 'text/plain', payload: '{"a":1}' },
      { contentType: 'application/xml', payload: '<a>1</a>' },
      { contentType: 'multipart/form-data', payload: 'no boundary' },
      { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' },
      { contentType: 'not a type', payload: 'x' },
      { payload: '{"a":1}' },
    ),
    form.map((payload): Payload => ({ contentType: 'application/x-www-form-urlencoded', payload })),
  );
  const withBody = fc.oneof(
    { weight: 6, arbitrary: jsonBodies },
    { weight: 3, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant<Payload>(null) },
  );
  // A GET has no body as a rule, but a client can still send one.
  return op.method === 'GET'
    ? fc.oneof({ weight: 4, arbitrary: fc.constant<Payload>(null) }, { weight: 1, arbitrary: withBody })
    : withBody;
}

const scalarText = (schema: JsonSchema): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: validValue(schema).map(asText) },
    { weight: 2, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '-1',
        '0',
        '1.5',
        '1e400',
        '-1e400',
        'NaN',
        'Infinity',
        '0x10',
        '9007199254740993',
        '99999999999999999999999',
        ' 1',
        'null',
        'true',
        '[]',
        '{}',
        huge.slice(0, 20_000),
      ),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );

/**
 * %-encodes any string. A lone surrogate has no UTF-8 form (encodeURIComponent throws), so it goes
 * out as the bytes a careless client would send for it, which decode to U+FFFD.
 */
const encodeLoose = (v: string) =>
  encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ue000')).replace(
    /%EE%80%80/g,
    '%ED%A0%80',
  );

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function queryArbitrary(op: Operation): fc.Arbitrary<string> {
  const pair = (name: string, values: string[] | undefined) => (values ?? []).map((v) => `${encodeURIComponent(name)}=${encodeLoose(v)}`);
  // Every parameter valid (optional ones sometimes left out), so the run reaches the service with
  // values that pass the schema yet may still be hostile (NUL, bounds, odd text).
  const valid = fc.tuple(
    ...op.queryParams.map((p) => {
      const value = validValue(p.schema).map((v) => [asText(v)]);
      return (p.required ? value : fc.option(value, { nil: undefined })).map((values) => pair(p.name, values));
    }),
  );
  // Anything goes: wrong text, repeated keys, missing required ones.
  const chaotic = fc.tuple(
    ...op.queryParams.map((p) =>
      fc
        .option(
          fc.oneof(
            { weight: 4, arbitrary: scalarText(p.schema).map((v) => [v]) },
            { weight: 1, arbitrary: fc.array(scalarText(p.schema), { minLength: 2, maxLength: 3 }) },
          ),
          { nil: undefined },
        )
        .map((values) => pair(p.name, values)),
    ),
  );
  const junk = fc.option(
    fc.constantFrom(
      '%zz=1',
      'a=%E0%A4%A',
      '__proto__=x',
      'constructor[prototype][x]=1',
      'a[b][c]=1',
      '&&&',
      '=',
      'page',
      `${'k'.repeat(5000)}=v`,
    ),
    { nil: undefined, freq: 4 },
  );
  return fc.tuple(fc.oneof(valid, chaotic), junk).map(([parts, extra]) => [...parts.flat(), ...(extra ? [extra] : [])].join('&'));
}

function pathArbitrary(op: Operation): fc.Arbitrary<string> {
  const encoded = op.pathParams.map((p) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant(String(targetAdminId)) },
        { weight: 2, arbitrary: scalarText(p.schema) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, unit: 'grapheme' }) },
        { weight: 1, arbitrary: fc.integer({ min: 90, max: 300 }).map((n) => '9'.repeat(n)) },
      )
      // '', '.' and '..' would address another route (or none), which is no input to this one.
      .filter((v) => v !== '' && v !== '.' && v !== '..')
      .map(encodeLoose),
  );
  // Broken %-escapes, sent as they are.
  const rawParam = fc.constantFrom('%zz', '%E0%A4%A', '%', '%00', '%C0%AF');
  const values = op.pathParams.map((p, i) =>
    fc.oneof({ weight: 9, arbitrary: encoded[i]! }, { weight: 1, arbitrary: rawParam }).map((v) => [p.name, v] as const),
  );
  return fc.tuple(...values).map((pairs) => pairs.reduce((path, [name, value]) => path.replace(`{${name}}`, value), op.path));
}

const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);

const requestArbitrary = (op: Operation) =>
  fc.record({
    path: pathArbitrary(op),
    query: queryArbitrary(op),
    body: bodyArbitrary(op),
    auth: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'none', 'junk'),
    uuid: fc.oneof(
      { weight: 8, arbitrary: fc.constant(DEVICE) },
      { weight: 1, arbitrary: printable },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    lang: fc.option(fc.oneof(fc.constantFrom('en', 'zh-CN', 'en-US,en;q=0.9', 'fr;q=x', '*', ',,;q=', 'en;q=NaN, zh;q=2'), printable), {
      nil: undefined,
    }),
    langHeader: fc.option(fc.oneof(fc.constantFrom('en-US', 'zh_CN', 'EN', ''), printable), { nil: undefined, freq: 4 }),
  });

function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params: any[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        jsonBody: content['application/json']?.schema,
        consumes: [...Object.keys(content), ...(op.consumes ?? [])],
      });
    }
  }
  return ops;
}

const operations = operationsOf(server.app.swagger());

/** Every route the built app answers, read from Fastify's own route tree. */
function registeredRoutes(): { method: string; url: string }[] {
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

describe('every route in the OpenAPI document answers random input with a clean { code, msg, data } envelope', () => {
  it('covers public, user and admin routes, each path and method once', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.some((o) => o.path.startsWith('/api/admin/'))).toBe(true);
    expect(operations.some((o) => o.path.startsWith('/api/user/'))).toBe(true);
    expect(operations.some((o) => o.path.startsWith('/api/Basis/'))).toBe(true);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
  });

  it('documents, and so fuzzes, every API route the app registered', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const undocumented = registeredRoutes()
      .filter(
        (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/dev/') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
      )
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
  });

  for (const op of operations) {
    const isAdmin = op.path.startsWith('/api/admin');
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (req) => {
          const token = req.auth === 'valid' ? await workingToken(isAdmin) : req.auth === 'junk' ? 'junk-token' : undefined;
          const headers: Record<string, string> = {};
          if (token) headers[isAdmin ? 'authorization' : 'token'] = isAdmin ? `Bearer ${token}` : token;
          if (req.uuid !== undefined) headers.uuid = req.uuid;
          if (req.lang !== undefined) headers['accept-language'] = req.lang;
          if (req.langHeader !== undefined) headers.lang = req.langHeader;
          if (req.body?.contentType) headers['content-type'] = req.body.contentType;
          const url = req.query ? `${req.path}?${req.query}` : req.path;
          const response = await server.app.inject({
            method: op.method as 'GET',
            url,
            headers,
            ...(req.body ? { payload: req.body.payload } : {}),
          });
          const label = `${op.method} ${url.slice(0, 300)} [${req.body?.contentType ?? 'no body'}]`;
          // A CSV export answers a good request with the file itself; every refusal is still JSON.
          if (op.path.endsWith('.csv') && String(response.headers['content-type']).startsWith('text/csv')) {
            expect(response.statusCode, label).toBe(200);
            expect(response.headers['content-disposition'], label).toMatch(/^attachment;/);
            return;
          }
          const { code } = expectEnvelope(response, label);
          if (req.auth === 'valid' && TOKEN_ENDED.has(code)) delete keptTokens[isAdmin ? 'admin' : 'user'];
        }),
        { numRuns: RUNS },
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Routes the document cannot drive: multipart upload, and the hidden HTML file route.

describe('routes fuzzed by hand', () => {
  const boundary = 'fuzzboundary';
  const multipart = (parts: string[], end = true) =>
    `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}${end ? `--${boundary}--\r\n` : ''}`;
  const filePart = (content: string | Buffer, name = 'file') =>
    `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content.toString('latin1')}`;
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('answers bad uploads with a code, never an internal error', async () => {
    const token = await userToken();
    const upload = (payload: string | Buffer, contentType = `multipart/form-data; boundary=${boundary}`, withToken = true) =>
      server.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        headers: { uuid: DEVICE, ...(withToken ? { token } : {}), 'content-type': contentType },
        payload,
      });
    const cases: [string, Promise<LightMyRequestResponse>, number?][] = [
      ['a JSON body', upload('{"file":"x"}', 'application/json'), Code.InvalidInput],
      [
        'a text field instead of a file',
        upload(multipart(['Content-Disposition: form-data; name="file"\r\n\r\nhello'])),
        Code.InvalidInput,
      ],
      ['no parts at all', upload(multipart([])), Code.InvalidInput],
      ['a file that is no image', upload(multipart([filePart('just text')])), Code.UploadRejected],
      ['an empty file', upload(multipart([filePart('')])), Code.UploadRejected],
      ['an image under another field name', upload(multipart([filePart(png, 'avatar')]))],
      ['a body cut short', upload(multipart([filePart(png)], false))],
      ['no boundary', upload(multipart([filePart(png)]), 'multipart/form-data')],
      ['a wrong boundary', upload(multipart([filePart(png)]), 'multipart/form-data; boundary=other')],
      ['garbage', upload(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))],
      [
        'a file over the size limit',
        upload(multipart([filePart(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]))])),
        Code.UploadTooLarge,
      ],
      ['two files', upload(multipart([filePart(png), filePart(png)]))],
      ['no token', upload(multipart([filePart(png)]), undefined, false), Code.NotLoggedIn],
    ];
    for (const [label, pending, code] of cases) {
      const body = expectEnvelope(await pending, `upload with ${label}`);
      if (code !== undefined) expect(body.code, label).toBe(code);
    }
  });

  it('answers random rich-text file names with the file, a 404, or a 1001', async () => {
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/content/richText?point=3',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ html: '<p>fuzz</p>' }),
    });
    const current = saved.json().data.template.split('/').pop() as string;
    const name = fc.oneof(
      fc.constant(current),
      fc.stringMatching(/^\d{1,2}-\d{1,12}\.html$/),
      fc.string({ unit: 'binary', minLength: 1 }),
      fc.constantFrom(
        '..%2F..%2Fetc%2Fpasswd',
        '%00.html',
        '99-1.html',
        '3-99999999999999999999.html',
        '0-0.html',
        `${'1'.repeat(5000)}.html`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(name, async (file) => {
        const encoded = /%[0-9A-F]{2}/i.test(file) ? file : encodeURIComponent(file);
        const response = await server.app.inject({ method: 'GET', url: `/files/richText/${encoded}` });
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode === 404) {
          expect(response.body).toBe('Not found');
        } else if (type.startsWith('text/html')) {
          // Other fuzzed routes save rich texts too: whatever is served must be the current version.
          const [point, version] = file.replace('.html', '').split('-').map(Number);
          const { rows } = await server.deps.database.pool.query('select html, version from rich_texts where point = $1', [point]);
          expect(rows[0]?.version).toBe(version);
          expect(response.body).toBe(rows[0].html);
        } else {
          expect(expectEnvelope(response, `/files/richText/${encoded}`).code).toBe(Code.InvalidInput);
        }
      }),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('error handler', () => {
  let app: AppInstance;
  beforeAll(async () => {
    // A real app with routes that fail the way a bug would: thrown errors that are not AppErrors.
    const { database } = await createTestDatabase();
    app = await buildApp(createDeps(testConfig(), database));
    app.get('/test/throws', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 at Pool.connect (/srv/app/node_modules/pg/lib/pool.js:45:11)');
    });
    app.get('/test/throws-type-error', async () => {
      const missing = undefined as unknown as { deep: { value: number } };
      return { value: missing.deep.value };
    });
    app.get('/test/throws-string', async () => {
      throw 'a bare string';
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('turns a thrown non-AppError into HTTP 500 with code 1500 and no internals', async () => {
    for (const url of ['/test/throws', '/test/throws-type-error', '/test/throws-string']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toEqual({ code: Code.Internal, msg: 'Something went wrong on our side; please try again', data: null });
      expect(response.body).not.toMatch(/ECONNREFUSED|node_modules|undefined|bare string|TypeError/);
    }
    const zh = await app.inject({ method: 'GET', url: '/test/throws' });
    expect(zh.json().msg).toBe('服务器开小差了，请稍后再试');
  });

  it('answers malformed JSON with 1001 naming body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Authentication/getLoginSms',
      headers: { uuid: DEVICE, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"phone": "138',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: Code.InvalidInput, msg: 'body: is not valid JSON', data: { field: 'body' } });
  });

  it('answers an unknown route with code 1002 over HTTP 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no/such/route?x=1', headers: { uuid: DEVICE } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(Code.NotFound);
    expect(response.json().msg).toBe('接口 GET /api/no/such/route 不存在或已删除');
  });

  it('answers a path Fastify cannot route (too long a parameter, broken escapes) with 1001 naming path', async () => {
    const token = await adminToken();
    for (const id of ['9'.repeat(1001), '%zz', '%E0%A4%A']) {
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/admin/admins/${id}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
        payload: '{"role":"admin"}',
      });
      expect(response.statusCode, id).toBe(200);
      expect(response.json(), id).toMatchObject({ code: Code.InvalidInput, data: { field: 'path' } });
      expect(response.json().msg, id).toMatch(/^path: is (too long|not a valid URL)$/);
    }
    // Up to maxParamLength a long id reaches its route, whose schema names the field.
    const long = await server.app.inject({
      method: 'PATCH',
      url: `/api/admin/admins/${'9'.repeat(200)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"role":"admin"}',
    });
    expect(long.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'id' } });
  });

  it('tells a missing field from a field of the wrong type', async () => {
    const send = (body: unknown) => server.call('POST', '/api/admin/login', { body, headers: { 'accept-language': 'en' } });
    expect((await send({ password: 'x' })).msg).toBe('username: is required');
    expect((await send({ username: 123, password: 'x' })).msg).toBe('username: must be text');
    expect((await send({ username: null, password: 'x' })).msg).toBe('username: must be text');
    expect((await send('admin')).msg).toBe('body: must be an object');
    // A schema's own message wins over the generic one, for a wrong type too.
    const sms = await server.call('POST', '/api/Authentication/getLoginSms', {
      body: { phone: 13800000000 },
      headers: { 'accept-language': 'en' },
    });
    expect(sms.msg).toBe('phone: must be an 11-digit mainland China mobile number');
  });

  it('refuses text PostgreSQL cannot store, naming the field, before it reaches a query', async () => {
    const en = { 'accept-language': 'en' };
    const login = await server.call('POST', '/api/admin/login', { body: { username: 'ad\u0000min', password: 'x' }, headers: en });
    expect(login).toMatchObject({ code: Code.InvalidInput, data: { field: 'username' } });
    expect(login.msg).toBe('username: contains characters that are not allowed');
    const zh = await server.call('POST', '/api/admin/login', { body: { username: 'a', password: 'x\u0000' } });
    expect(zh.msg).toBe('password：含有不允许的字符');
    const audit = await server.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=%00',
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(audit.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'action' } });
    // A lone surrogate is valid JSON text but no valid Unicode; jsonb (the audit detail) refuses it.
    const save = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/content/richText?point=2',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
      payload: '{"html":"<p>\\ud800</p>"}',
    });
    expect(save.json()).toMatchObject({ code: Code.InvalidInput, data: { field: 'html' } });
    const key = await server.call('POST', '/api/Authentication/getLoginSms', { body: { phone: '13800000000', ['k\u0000']: 1 } });
    expect(key).toMatchObject({ code: Code.InvalidInput, data: { field: 'k?' } });
  });
});
