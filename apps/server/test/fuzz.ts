/**
 * Schema-driven fuzzing of every route in the OpenAPI document: whatever a client sends, the
 * answer is a `{ code, msg, data }` body over HTTP 200, never an internal error, never a stack.
 * The routes are shared out between the files of SHARD_FILES, each with its own server and
 * database, so the test threads fuzz them side by side; fuzz.test.ts checks the shares cover them all.
 */
import { Code } from '@maika/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newToken } from '../src/lib/crypto';
import { insertAdminSession, ADMIN_SESSION_TTL_MS, adminTokenHash } from '../src/modules/operators';
import { createAdmin } from './console';
import { insertToken, tokenHash } from '../src/modules/accounts';
import { createTestServer, type TestServer } from './harness';

// Runs per route: 50 in `npm test`, 20 in `npm run test:fast`, 200 in CI (.ci/run); FUZZ_RUNS sets
// them. A failure prints the seed and path; FUZZ_SEED=<seed> replays that seed's runs.
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
export const fuzzOptions = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };
export const DEVICE = 'fuzz-device-0001';

/** The files that share the routes out by their index in the document, in this order. */
export const SHARD_FILES = ['fuzz.test.ts', 'fuzz.shard2.test.ts'];

export interface Fuzz {
  server: TestServer;
  /** The id real requests aim at; random PATCHes may change it freely. */
  targetAdminId: number;
  adminToken(): Promise<string>;
  userToken(): Promise<string>;
  /** The token a run sends as 'valid': kept from run to run until an answer says it stopped working. */
  workingToken(isAdmin: boolean): Promise<string>;
  forgetToken(isAdmin: boolean): void;
  operations: Operation[];
}

/**
 * A server of the file's own, with an administrator and a user to fuzz as. Called while the file
 * is collected, so each route of its OpenAPI document gets its own test.
 */
export async function startFuzz(): Promise<Fuzz> {
  // Fuzzed SMS sends must not run into the daily caps, or most runs would stop at the first check.
  const server = await createTestServer({ limitRules: { smsPhonePerDay: 1_000_000, smsIpPerDay: 1_000_000 } });
  const { deps } = server;
  let phoneSerial = 0;

  async function newUser(): Promise<number> {
    const phone = `1350000${String(++phoneSerial).padStart(4, '0')}`;
    await server.login(phone);
    const { rows } = await deps.database.pool.query('select id from users where phone = $1', [phone]);
    return Number(rows[0].id);
  }

  const fuzzAdminId = (await createAdmin(deps, 'fuzzer', 'admin', 'fuzzer password 1')).id;
  const targetAdminId = (await createAdmin(deps, 'fuzz_target', 'support', 'target password 1')).id;
  let fuzzUserId = await newUser();

  /**
   * A working admin token of role 'admin': earlier runs may have logged it out, or patched the
   * fuzzer's own account (a random id can hit it), which ends its sessions or takes its role.
   */
  async function adminToken(): Promise<string> {
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

  const kept: { user?: string; admin?: string } = {};
  return {
    server,
    targetAdminId,
    adminToken,
    userToken,
    workingToken: async (isAdmin) => (isAdmin ? (kept.admin ??= await adminToken()) : (kept.user ??= await userToken())),
    forgetToken: (isAdmin) => void delete kept[isAdmin ? 'admin' : 'user'],
    operations: operationsOf(server.app.swagger()),
  };
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

// ---------------------------------------------------------------------------------------------
// The contract every answer keeps.

const STACK = /\bat [^\s]+ \(|\bat .*:\d+:\d+|Error:|node_modules|\/src\/|\.[cm]?[jt]s:\d+/;

export function expectEnvelope(response: LightMyRequestResponse, label: string): { code: number; msg: string; data: unknown } {
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

export interface Operation {
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

function pathArbitrary(op: Operation, targetAdminId: number): fc.Arbitrary<string> {
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

const requestArbitrary = (op: Operation, targetAdminId: number) =>
  fc.record({
    path: pathArbitrary(op, targetAdminId),
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

/** The operations a file fuzzes: every SHARD_FILES.length-th, from its place in the list on. */
export function shareOf(operations: Operation[], file: string): Operation[] {
  const shard = SHARD_FILES.indexOf(file);
  if (shard < 0) throw new Error(`${file} is not one of the fuzzing files (SHARD_FILES in fuzz.ts)`);
  return operations.filter((_, i) => i % SHARD_FILES.length === shard);
}

/** Fuzzes the calling file's share of the routes, each route a test; `fileUrl` is its import.meta.url. */
export function fuzzRoutes(fuzz: Fuzz, fileUrl: string): void {
  const { server } = fuzz;
  describe('every route in the OpenAPI document answers random input with a clean { code, msg, data } envelope', () => {
    for (const op of shareOf(fuzz.operations, basename(fileURLToPath(fileUrl)))) {
      const isAdmin = op.path.startsWith('/api/admin');
      it(`${op.method} ${op.path}`, async () => {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(op, fuzz.targetAdminId), async (req) => {
            const token = req.auth === 'valid' ? await fuzz.workingToken(isAdmin) : req.auth === 'junk' ? 'junk-token' : undefined;
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
            if (req.auth === 'valid' && TOKEN_ENDED.has(code)) fuzz.forgetToken(isAdmin);
          }),
          fuzzOptions,
        );
      });
    }
  });
}
