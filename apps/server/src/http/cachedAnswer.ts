import type { IncomingHttpHeaders } from 'node:http';
import type { Cached } from '../lib/publicCache';
import type { Envelope } from '@maika/shared';
import { ok } from './envelope';

/** The part of a route's reply a cached answer uses; `R` is what that route's `send` returns. */
interface CachingReply<R> {
  header(name: string, value: string): unknown;
  code(statusCode: 304): { send(payload: null): R };
  /** The route's own serialiser of a 200 answer: the bytes an `Envelope` returned by the handler becomes. */
  serialize(payload: unknown): string | ArrayBuffer | Buffer;
  type(contentType: string): { send(payload: never): R };
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
 * proxies keep it but ask each time, so a change shows at once. A kept answer is serialised once,
 * by the route's serialiser, and its text sent as it is from then on (Fastify does not serialise a
 * string sent as JSON again).
 */
export function cachedAnswer<T, R>(headers: IncomingHttpHeaders, reply: CachingReply<R>, cached: Cached<T>): Envelope<T> | R {
  const etag = `W/${cached.etag}`;
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  if (etagMatches(headers['if-none-match'], etag)) return reply.code(304).send(null);
  if (!cached.kept) return ok(cached.data);
  cached.body ??= reply.serialize(ok(cached.data));
  return reply.type('application/json; charset=utf-8').send(cached.body as never);
}
