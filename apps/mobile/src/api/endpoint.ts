/**
 * An endpoint from its entry in the API contract (packages/shared contract/calls, plain data):
 * method and path as declared there; a user call sends the login token, and a call taking an
 * optional token sends the one the app has (it always has its anonymous one). Its own module, so
 * only the chunks of the endpoints that use it carry it, not the entry.
 */
import type { ApiCall } from '@maika/shared';

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /** 'token': send the login token, or an anonymous one fetched on demand */
  auth: 'none' | 'token';
  /** no "loading" indicator (background refreshes) */
  quiet?: boolean;
}

/** The client-only flags an endpoint adds to its contract entry. */
export interface EndpointFlags extends Pick<Endpoint, 'quiet'> {
  /** A fixed query every request of this endpoint carries (type it with the entry's QueryOf). */
  query?: Readonly<Record<string, string>>;
}

export function endpointOf(call: ApiCall & { method: Endpoint['method'] }, flags: EndpointFlags = {}): Endpoint {
  const { query, ...rest } = flags;
  const fixed = query ? Object.entries(query).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`) : [];
  return {
    method: call.method,
    path: fixed.length > 0 ? `${call.path}?${fixed.join('&')}` : call.path,
    auth: call.auth === 'none' ? 'none' : 'token',
    ...rest,
  };
}
