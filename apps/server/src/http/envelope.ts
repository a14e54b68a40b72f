import {
  Code,
  codeMessages,
  localizeReason,
  pickLocale,
  renderMessage,
  renderText,
  bothLanguages,
  isTextKey,
  type Envelope,
  type Locale,
  type TextKey,
  type MessageParams,
  type TextRef,
} from '@maika/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A handled outcome other than plain success: thrown by services, turned into a body in one place. */
export class AppError extends Error {
  constructor(
    public readonly code: Code,
    public readonly params: MessageParams = {},
    public readonly data: unknown = null,
    cause?: unknown,
  ) {
    super(renderMessage(codeMessages[code]['en-US'], params, 'en-US'), { cause });
  }
}

/** `thing` names what is missing, from the catalogue (`thing.card`, …). */
export function notFound(thing: TextKey | TextRef): AppError {
  const name = bothLanguages(typeof thing === 'string' ? { key: thing } : thing);
  return new AppError(Code.NotFound, { thing: name }, { thing: name });
}

/** Bad input found past the schema: the message names the field and says what to fix. */
export const invalidInput = (field: string, reason: string) => new AppError(Code.InvalidInput, { field, reason }, { field });

export function localeOf(request: FastifyRequest): Locale {
  const explicit = request.headers['lang'];
  return pickLocale(typeof explicit === 'string' ? explicit : request.headers['accept-language']);
}

export function message(code: Code, locale: Locale, params: MessageParams = {}): string {
  return renderMessage(codeMessages[code][locale], params, locale);
}

/** An error or a catalogue text in the reader's language, for data that carries reasons (batch results). */
export function sayIn(what: AppError | TextRef, locale: Locale): string {
  return what instanceof AppError ? message(what.code, locale, localiseParams(what, locale)) : renderText(what, locale);
}

/**
 * An error's data holding catalogue texts (`{ key, params }`, e.g. a batch's line reasons): each is
 * rendered in the reader's language when the envelope is made, so a service never picks a language.
 */
export class TextsInData<T> {
  constructor(readonly data: T) {}

  in(locale: Locale): unknown {
    return renderTextsIn(this.data, locale);
  }
}

function renderTextsIn(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((v) => renderTextsIn(v, locale));
  if (value === null || typeof value !== 'object') return value;
  if (isTextKey((value as TextRef).key)) return renderText(value as TextRef, locale);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderTextsIn(v, locale)]));
}

export function envelopeFor(request: FastifyRequest, error: AppError): Envelope {
  const locale = localeOf(request);
  const data = error.data instanceof TextsInData ? error.data.in(locale) : error.data;
  const params = localiseParams(error, locale);
  return { code: error.code, msg: message(error.code, locale, params), data: withFieldReason(error, data, params, locale) };
}

/** A field's problem carries its reason alone too, as schema problems do (validation.ts). */
function withFieldReason(error: AppError, data: unknown, params: MessageParams, locale: Locale): unknown {
  const reason = params.reason;
  if (error.code !== Code.InvalidInput || reason === undefined || !data || typeof data !== 'object' || !('field' in data)) return data;
  return { ...data, reason: typeof reason === 'object' ? reason[locale] : String(reason) };
}

/** Schema reasons are written once in English and translated by `localizeReason`. */
function localiseParams(error: AppError, locale: Locale): MessageParams {
  if (error.code === Code.InvalidInput && typeof error.params.reason === 'string') {
    return { ...error.params, reason: localizeReason(error.params.reason, locale) };
  }
  return error.params;
}

export function ok<T>(data: T, msg = 'OK'): Envelope<T> {
  return { code: Code.Ok, msg, data };
}

/** `ok(data)` as JSON text, for data that is JSON text already. */
export function okJson(dataJson: string): string {
  return `{"code":${Code.Ok},"msg":"OK","data":${dataJson}}`;
}

/** The bodiless 304 of a route that tags its answers (http/cachedAnswer.ts). */
export const notModified = { 304: z.null().describe('Not modified: the If-None-Match tag is still current') };

/** The response schema of a route whose success data is `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: z.union([data, z.null()]) });
}
