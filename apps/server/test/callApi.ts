/**
 * The typed test client: a call named by its contract entry, with the entry's path parameters,
 * query and body, answering the envelope typed by the entry's answer schema. It sends what the
 * clients send: the device id always, the user token in `token`, an operator's in `authorization`.
 */
import { pathOf, type AnswerOf, type BodyOf, type ContractCall, type ParamsOf, type QueryOf } from '@maika/shared';
import type { Body, TestServer } from './harness';

type Part<K extends string, T> = [T] extends [never] ? { readonly [P in K]?: never } : { readonly [P in K]: T };

export type CallApiOptions<C extends ContractCall> = Part<'params', ParamsOf<C>> &
  Part<'query', QueryOf<C>> &
  Part<'body', BodyOf<C>> & {
    /** A user's login token, or an operator's bearer token on an admin call. */
    readonly token?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly ip?: string;
    readonly deviceId?: string;
  };

type OptionalWhenEmpty<C extends ContractCall> = [ParamsOf<C>, QueryOf<C>, BodyOf<C>] extends [never, never, never]
  ? [options?: CallApiOptions<C>]
  : [options: CallApiOptions<C>];

function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function callApi<C extends ContractCall>(
  server: Pick<TestServer, 'app'>,
  call: C,
  ...[options = {} as CallApiOptions<C>]: OptionalWhenEmpty<C>
): Promise<Body<AnswerOf<C>>> {
  const { params, query, body, token, headers, ip, deviceId } = options as CallApiOptions<ContractCall> & {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
  };
  const url = `${pathOf(call, params)}${queryString(query)}`;
  const credentials: Record<string, string> = !token ? {} : call.auth === 'admin' ? { authorization: `Bearer ${token}` } : { token };
  const response = await server.app.inject({
    method: call.method,
    url,
    remoteAddress: ip ?? '127.0.0.1',
    headers: {
      ...(call.path.startsWith('/api/admin/') ? {} : { uuid: deviceId ?? 'test-device-0001' }),
      ...credentials,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`${call.method} ${url} answered HTTP ${response.statusCode}: ${response.body}`);
  return response.json() as Body<AnswerOf<C>>;
}
