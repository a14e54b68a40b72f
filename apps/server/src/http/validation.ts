import {
  bothLanguages,
  Code,
  isTextKey,
  localizeReason,
  textCatalogue,
  type Locale,
  type LocalizedText,
  type TextRef,
} from '@maika/shared';
import type { FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { invalidInput, message } from './envelope';

type Reason = LocalizedText;

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

/**
 * Turns the first schema issue into "field: what to fix", in the reader's language; the reason is
 * also given alone, for a form that shows it beside the field under its own label.
 */
export function describeValidation(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
  input?: unknown,
): { msg: string; field: string; reason: string } {
  const issue = issues[0];
  const segments =
    issue?.instancePath
      .split('/')
      .slice(1)
      .filter((s) => s !== '') ?? [];
  const field = segments.join('.') || context || 'request';
  const reason = issue ? reasonOf(issue, isMissing(input, segments))[locale] : localizeReason('has the wrong format', locale);
  return { field, reason, msg: message(Code.InvalidInput, locale, { field, reason }) };
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
  if (issue.keyword === 'invalid_type' && missing) return bothLanguages({ key: 'validation.required' });
  // The schema's own words say it best ("must be 1 to 6" rather than "must be at most 6").
  if (issue.message && !ZOD_DEFAULT.test(issue.message)) {
    return { 'zh-CN': localizeReason(issue.message, 'zh-CN'), 'en-US': issue.message };
  }
  switch (issue.keyword) {
    case 'invalid_type':
      return bothLanguages({ key: 'validation.type', params: { type: typeName(p.expected) } });
    case 'too_small':
      return bothLanguages(sizeReason('min', p));
    case 'too_big':
      return bothLanguages(sizeReason('max', p));
    case 'invalid_value':
      return bothLanguages({ key: 'validation.oneOf', params: { values: listOf(p.values) } });
    case 'unrecognized_keys':
      return bothLanguages({ key: 'validation.unknownField', params: { keys: listOf(p.keys) } });
    default:
      return bothLanguages({ key: 'validation.wrongFormat' });
  }
}

function sizeReason(side: 'min' | 'max', p: Record<string, unknown>): TextRef {
  const n = String(side === 'min' ? p.minimum : p.maximum);
  const unit = p.origin === 'string' ? 'Chars' : p.origin === 'array' ? 'Items' : '';
  return { key: `validation.${side}${unit}`, params: { n } };
}

function typeName(expected: unknown): LocalizedText | string {
  const key = `validation.typeName.${String(expected)}`;
  return isTextKey(key) ? textCatalogue[key] : String(expected);
}

/** A list from an issue's params, shortened: key names come from the client and may be anything. */
function listOf(value: unknown): LocalizedText {
  const items = (Array.isArray(value) ? value.map(String) : []).slice(0, 5).map((v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v));
  return { 'zh-CN': items.join('、'), 'en-US': items.join(', ') };
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
