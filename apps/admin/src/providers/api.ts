/**
 * The one HTTP client of the console. Every answer is `{ code, msg, data }` over HTTP 200; a code
 * other than 200 becomes an `ApiError` carrying the server's message, which refine shows as is.
 */
import { Code } from '@maika/shared';
import type { HttpError } from '@refinedev/core';
import { translate } from '../i18n';

const TOKEN_KEY = 'maika.admin.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** Codes that mean the operator's session is gone: the console logs out. */
export const sessionEndedCodes: readonly number[] = [Code.AdminNotLoggedIn, Code.AdminDisabled];

/** Which request field the server refused (1001) and why, the reason in the reader's language. */
export interface FieldProblem {
  /** The field's path in the request, e.g. `image` or `customerServiceUrl.h5`. */
  field: string;
  reason: string;
}

export class ApiError extends Error implements HttpError {
  /** refine reads `statusCode`; we carry the envelope code there so onError can tell 1401 apart. */
  readonly statusCode: number;
  constructor(
    readonly code: number,
    message: string,
    readonly fieldProblem?: FieldProblem,
    /** The envelope's `data`: what the server says about the refusal, such as which item it was. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = code;
  }
}

/**
 * A field's name as the reader knows it: each part of its path from the `fields` dictionary
 * (`customerServiceUrl.h5` → "客服链接 · H5"), a part it lacks as sent, list positions left out.
 */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .map((part) => translate(`fields.${part}`, undefined, part))
    .join(' · ');
}

function fieldProblemOf(code: number, data: unknown): FieldProblem | undefined {
  if (code !== Code.InvalidInput || !data || typeof data !== 'object') return undefined;
  const { field, reason } = data as { field?: unknown; reason?: unknown };
  return typeof field === 'string' && typeof reason === 'string' ? { field, reason } : undefined;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
}

export function buildUrl(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

export function authHeaders(): Record<string, string> {
  const token = tokenStore.get();
  const language = localStorage.getItem('maika.admin.locale') ?? navigator.language;
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language };
}

/**
 * Unwraps the envelope: `data` on code 200, an ApiError with the server's `msg` otherwise. A
 * refused field (1001) is named in the reader's words rather than by its key in the request.
 */
export function unwrap<T>(envelope: unknown): T {
  const body = envelope as { code?: unknown; msg?: unknown; data?: unknown } | null;
  if (!body || typeof body.code !== 'number') throw new ApiError(-1, translate('errors.unreadable'));
  if (body.code !== Code.Ok) {
    const problem = fieldProblemOf(body.code, body.data);
    const message = problem
      ? translate('errors.field', { field: fieldLabel(problem.field), reason: problem.reason })
      : typeof body.msg === 'string'
        ? body.msg
        : String(body.code);
    throw new ApiError(body.code, message, problem, body.data);
  }
  return body.data as T;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = authHeaders();
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(-1, translate('errors.network'));
  }
  if (!response.ok) throw new ApiError(response.status, translate('errors.http', { status: response.status }));
  return unwrap<T>(await response.json());
}
