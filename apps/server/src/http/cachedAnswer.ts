import type { IncomingHttpHeaders } from 'node:http';
import type { Cached } from '../lib/publicCache';
import type { Envelope } from '@maika/shared';
import { ok } from './envelope';

interface ReplyHeaders {
  header(name: string, value: string): unknown;
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
 * bytes), and `null` when the client already holds it, for the handler to answer 304 without a body.
 * `no-cache` lets clients and proxies keep it but ask each time, so a change shows at once.
 */
export function cachedOk<T>(headers: IncomingHttpHeaders, reply: ReplyHeaders, cached: Cached<T>): Envelope<T> | null {
  const etag = `W/${cached.etag}`;
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  return etagMatches(headers['if-none-match'], etag) ? null : ok(cached.data);
}
