/**
 * An endpoint from its entry in the API contract (packages/shared contract/calls, plain data):
 * method and path as declared there; a user call sends the login token. Its own module, so only
 * the chunks of the endpoints that use it carry it, not the entry.
 */
import type { ApiCall } from '@maika/shared';
import type { Endpoint } from './client';

/** The client-only flags an endpoint adds to its contract entry. */
export type EndpointFlags = Pick<Endpoint, 'quiet'>;

export function endpointOf(call: ApiCall & { method: Endpoint['method'] }, flags: EndpointFlags = {}): Endpoint {
  return { method: call.method, path: call.path, auth: call.auth === 'none' ? 'none' : 'token', ...flags };
}
