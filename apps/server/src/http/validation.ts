import { Code, localizeReason, type Locale } from '@maika/shared';
import type { FastifySchemaValidationError } from 'fastify';
import { message } from './envelope';

type Reason = Record<Locale, string>;

/** Turns the first schema issue into "field: what to fix", in the reader's language. */
export function describeValidation(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): { msg: string; field: string } {
  const issue = issues[0]!;
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || context || 'request';
  return { field, msg: message(Code.InvalidInput, locale, { field, reason: reasonOf(issue)[locale] }) };
}

function reasonOf(issue: FastifySchemaValidationError): Reason {
  const p = issue.params as Record<string, unknown>;
  const custom = issue.message && !issue.message.startsWith('Invalid') && !issue.message.startsWith('Too ');
  switch (issue.keyword) {
    case 'invalid_type':
      if (p.input === undefined) return { 'zh-CN': '必填', 'en-US': 'is required' };
      return { 'zh-CN': `应为${typeName(p.expected, 'zh-CN')}`, 'en-US': `must be ${typeName(p.expected, 'en-US')}` };
    case 'too_small':
      return sizeReason('min', p);
    case 'too_big':
      return sizeReason('max', p);
    case 'invalid_value':
      return {
        'zh-CN': `只能是 ${(p.values as unknown[]).join('、')} 之一`,
        'en-US': `must be one of ${(p.values as unknown[]).join(', ')}`,
      };
    case 'unrecognized_keys':
      return { 'zh-CN': `不认识的字段 ${(p.keys as string[]).join('、')}`, 'en-US': `unknown field ${(p.keys as string[]).join(', ')}` };
    default:
      return custom
        ? { 'zh-CN': localizeReason(issue.message!, 'zh-CN'), 'en-US': issue.message! }
        : { 'zh-CN': '格式不正确', 'en-US': 'has the wrong format' };
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
  const en: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list' };
  const key = String(expected);
  return (locale === 'zh-CN' ? zh[key] : en[key]) ?? key;
}
