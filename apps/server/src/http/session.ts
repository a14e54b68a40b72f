import { Code } from '@maika/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import type { Session } from '../lib/session';
import { AppError } from './envelope';

export type { Session };

/**
 * The live session of a token, or undefined. The accounts module provides it and app.ts hands it
 * to the server, so this file, which every module's routes import, imports no module itself.
 */
export type SessionLookup = (deps: Deps, token: string) => Promise<Session | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    sessionLookup: SessionLookup;
  }
  interface FastifyRequest {
    /** Resolved lazily: most public routes never need the token looked up. */
    sessionPromise?: Promise<Session | 'invalid' | null>;
  }
}

/** The session of the `token` header: null when absent, 'invalid' when unknown, expired or revoked. */
export function sessionOf(deps: Deps, request: FastifyRequest): Promise<Session | 'invalid' | null> {
  request.sessionPromise ??= (async () => {
    const token = request.headers.token;
    if (typeof token !== 'string' || token === '') return null;
    const session = await request.server.sessionLookup(deps, token);
    return session ?? 'invalid';
  })();
  return request.sessionPromise;
}

/** A valid session or none; a stale token on a public route is simply ignored. */
export async function optionalSession(deps: Deps, request: FastifyRequest): Promise<Session | null> {
  const session = await sessionOf(deps, request);
  return session === 'invalid' ? null : session;
}

export type UserSession = Session & { userId: number };

/** docs/product.md "Response codes": 995 when nobody is logged in, 996 when the token itself is no good. */
export async function requireUser(deps: Deps, request: FastifyRequest): Promise<UserSession> {
  const session = await sessionOf(deps, request);
  if (session === null) throw new AppError(Code.NotLoggedIn);
  if (session === 'invalid') throw new AppError(Code.TokenInvalid);
  if (session.kind !== 'user' || session.userId === null) throw new AppError(Code.NotLoggedIn);
  if (session.userStatus === 'frozen') throw new AppError(Code.AccountFrozen);
  if (session.userStatus !== 'active') throw new AppError(Code.NotLoggedIn);
  return session as UserSession;
}

/** preHandler for routes that need a logged-in user. */
export const userAuth = (deps: Deps) => async (request: FastifyRequest, _reply: FastifyReply) => {
  await requireUser(deps, request);
};

const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** docs/product.md "API calls": every call carries the device id the client generated once. */
export function requireDeviceId(request: FastifyRequest): string {
  const uuid = request.headers.uuid;
  if (typeof uuid !== 'string' || !DEVICE_ID.test(uuid)) throw new AppError(Code.DeviceIdRequired);
  return uuid;
}
