import type { IncomingHttpHeaders } from 'node:http';
import type { Cached } from '../lib/publicCache';
import type { Envelope } from '@maika/shared';
import { ok } from './envelope';

/** The part of a route's reply a cached answer uses; `R` is what that route's `send` returns. */
interface CachingReply<R> {
  header(name: string, value: string): unknown;
  code(statusCode: 304): { send(payload: null): R };
}

/** Whether the client's If-None-Match names this tag (a list, weak forms and `*` included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * An answer from the public cache: its ETag on every answer (weak: compression may re-encode the
 * bytes), and a 304 without a body when the client already holds it. `no-cache` lets clients and
 * proxies keep it but ask each time, so a change shows at once.
 */
export function cachedAnswer<T, R>(headers: IncomingHttpHeaders, reply: CachingReply<R>, cached: Cached<T>): Envelope<T> | R {
  const etag = `W/${cached.etag}`;
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  return etagMatches(headers['if-none-match'], etag) ? reply.code(304).send(null) : ok(cached.data);
}
