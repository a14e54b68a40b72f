import { Code, localizeReason, type Locale } from '@maika/shared';
import type { FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { invalidInput, message } from './envelope';

type Reason = Record<Locale, string>;

/** The part of the request a schema context names, as it arrived (before validation). */
export function inputOf(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

/** Turns the first schema issue into "field: what to fix", in the reader's language. */
export function describeValidation(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
  input?: unknown,
): { msg: string; field: string } {
  const issue = issues[0];
  const segments =
    issue?.instancePath
      .split('/')
      .slice(1)
      .filter((s) => s !== '') ?? [];
  const field = segments.join('.') || context || 'request';
  const reason = issue ? reasonOf(issue, isMissing(input, segments))[locale] : localizeReason('has the wrong format', locale);
  return { field, msg: message(Code.InvalidInput, locale, { field, reason }) };
}

/**
 * Zod 4 leaves the input out of its issues, so "missing" and "of the wrong type" look alike there;
 * the request itself tells them apart, so `{ phone: 123 }` says "must be text", not "is required".
 */
function isMissing(input: unknown, segments: string[]): boolean {
  let value = input;
  for (const key of segments) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return true;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined;
}

/** Zod's own messages; anything else is a message the schema's author wrote for this field. */
const ZOD_DEFAULT = /^(Invalid|Too |Unrecognized)/;

function reasonOf(issue: FastifySchemaValidationError, missing: boolean): Reason {
  const p = issue.params as Record<string, unknown>;
  if (issue.keyword === 'invalid_type' && missing) return { 'zh-CN': '必填', 'en-US': 'is required' };
  // The schema's own words say it best ("must be 1 to 6" rather than "must be at most 6").
  if (issue.message && !ZOD_DEFAULT.test(issue.message)) {
    return { 'zh-CN': localizeReason(issue.message, 'zh-CN'), 'en-US': issue.message };
  }
  switch (issue.keyword) {
    case 'invalid_type':
      return { 'zh-CN': `应为${typeName(p.expected, 'zh-CN')}`, 'en-US': `must be ${typeName(p.expected, 'en-US')}` };
    case 'too_small':
      return sizeReason('min', p);
    case 'too_big':
      return sizeReason('max', p);
    case 'invalid_value':
      return {
        'zh-CN': `只能是 ${listOf(p.values).join('、')} 之一`,
        'en-US': `must be one of ${listOf(p.values).join(', ')}`,
      };
    case 'unrecognized_keys':
      return { 'zh-CN': `不认识的字段 ${listOf(p.keys).join('、')}`, 'en-US': `unknown field ${listOf(p.keys).join(', ')}` };
    default:
      return { 'zh-CN': '格式不正确', 'en-US': 'has the wrong format' };
  }
}

function sizeReason(side: 'min' | 'max', p: Record<string, unknown>): Reason {
  const n = side === 'min' ? p.minimum : p.maximum;
  const more = side === 'min';
  switch (p.origin) {
    case 'string':
      return more
        ? { 'zh-CN': `至少${n}个字符`, 'en-US': `must be at least ${n} characters` }
        : { 'zh-CN': `最多${n}个字符`, 'en-US': `must be at most ${n} characters` };
    case 'array':
      return more
        ? { 'zh-CN': `至少${n}项`, 'en-US': `must have at least ${n} items` }
        : { 'zh-CN': `最多${n}项`, 'en-US': `must have at most ${n} items` };
    default:
      return more
        ? { 'zh-CN': `不能小于${n}`, 'en-US': `must be at least ${n}` }
        : { 'zh-CN': `不能大于${n}`, 'en-US': `must be at most ${n}` };
  }
}

function typeName(expected: unknown, locale: Locale): string {
  const zh: Record<string, string> = { string: '文本', number: '数字', int: '整数', boolean: '布尔值', object: '对象', array: '数组' };
  const en: Record<string, string> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
  };
  const key = String(expected);
  return (locale === 'zh-CN' ? zh[key] : en[key]) ?? key;
}

/** A list from an issue's params, shortened: key names come from the client and may be anything. */
function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : [];
  return items.slice(0, 5).map((v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v));
}

/**
 * Strings PostgreSQL cannot store: NUL (text and jsonb refuse it) and lone UTF-16 surrogates
 * (jsonb refuses their escapes). Left alone they would fail deep in a query as an internal error.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const unstorable = (s: string) => UNSTORABLE.test(s);

/** The path of the first unstorable string or key in a parsed input, or null. */
export function findUnstorable(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (unstorable(key)) return [...path, key.replace(UNSTORABLE_ALL, '?')];
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Input rules that hold for every route, whatever its schema says. */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnstorable(value);
      if (path) throw invalidInput(path.join('.') || context, 'contains characters that are not allowed');
    }
  });
}
