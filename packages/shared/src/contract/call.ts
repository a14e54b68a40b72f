/**
 * The shape of one API call, declared once in this folder and read by the server's routes, the
 * mobile endpoints, the console's data provider and the test client. The half in `calls/` is
 * plain data (method, path, who may call it) so that a client can import it without zod; the
 * schemas are joined to it in this folder's noun files.
 */
import type { z } from 'zod';
import type { Code } from '../codes';
import type { AdminResource } from '../roles';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CallRoute {
  readonly method: CallMethod;
  /** Fastify's syntax: `:name` marks a path parameter. */
  readonly path: string;
}

/** Anyone may call it, without a token. */
export interface OpenCall extends CallRoute {
  readonly auth: 'none';
}

/**
 * Anyone may call it; the token a client has (anonymous or a login) is read when sent, never
 * required, and a client sends the one it has: the server ties the call to its session.
 */
export interface OptionalTokenCall extends CallRoute {
  readonly auth: 'optional';
}

/** A logged-in user: the `token` header of an SMS or mini-program login. */
export interface UserCall extends CallRoute {
  readonly auth: 'user';
}

/** An operator: allowed by role through the one matrix in roles.ts, by resource and action. */
export interface AdminCall extends CallRoute {
  readonly auth: 'admin';
  readonly access: { readonly resource: AdminResource; readonly action: string };
}

/**
 * A merchant's own system: no token, every request signed with one of the merchant's API keys
 * (the X-Maika-* headers over method, path, time, nonce and body; api/merchants.ts).
 */
export interface MerchantCall extends CallRoute {
  readonly auth: 'merchant';
}

export type ApiCall = OpenCall | OptionalTokenCall | UserCall | AdminCall | MerchantCall;

export interface CallSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The multipart field the route reads a file from, instead of a JSON body. */
  readonly file?: string;
  /** The envelope's `data` on success. */
  readonly answer: z.ZodType;
  /**
   * The codes the call answers besides those its kind implies (`codesOf` in outcomes.ts: success,
   * bad input, the login it needs); the OpenAPI document and the clients' types are built from them.
   */
  readonly codes?: readonly Code[];
}

export type ContractCall = ApiCall & CallSchemas;

/**
 * Joins a table of calls with their schemas: every call needs an entry, and an entry for a call
 * the table does not have is refused, so neither half can drift from the other.
 */
export function withSchemas<
  const Calls extends Readonly<Record<string, ApiCall>>,
  const Schemas extends { readonly [K in keyof Calls]: CallSchemas },
>(
  calls: Calls,
  schemas: Schemas & { readonly [K in Exclude<keyof Schemas, keyof Calls>]: never },
): {
  readonly [K in keyof Calls]: Calls[K] & Schemas[K];
} {
  const joined: Record<string, ContractCall> = {};
  for (const [name, call] of Object.entries(calls)) joined[name] = { ...call, ...(schemas as Record<string, CallSchemas>)[name]! };
  return joined as { readonly [K in keyof Calls]: Calls[K] & Schemas[K] };
}

type SchemaAt<C, K extends string> = C extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** What a client sends and receives; `never` where the call takes no such part. */
export type ParamsOf<C> = z.input<SchemaAt<C, 'params'>>;
export type QueryOf<C> = z.input<SchemaAt<C, 'query'>>;
export type BodyOf<C> = z.input<SchemaAt<C, 'body'>>;
export type AnswerOf<C> = z.output<SchemaAt<C, 'answer'>>;

/** The call's path with its `:name` parameters filled in. */
export function pathOf(call: Pick<ApiCall, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  return call.path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${call.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
