import { rolesFor, type AuditAction, type ContractCall } from '@maika/shared';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppInstance } from './appInstance';
import { envelope, invalidInput } from './envelope';
import { userAuth } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry the route was registered from (http/contractRoute.ts). */
    call?: ContractCall;
  }
}

type SchemaAt<C, K extends string> = C extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/** The Fastify schema of a contract entry, so the handler's request and answer are typed by it. */
interface RouteSchemaOf<C extends ContractCall, Extra> {
  params: SchemaAt<C, 'params'>;
  querystring: SchemaAt<C, 'query'>;
  body: SchemaAt<C, 'body'>;
  response: { 200: ReturnType<typeof envelope<C['answer']>> } & Extra;
}

export type ContractHandler<C extends ContractCall, Extra = object> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<C, Extra>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its contract entry: its documentation, its audit name and its handler. */
export interface ContractRouteOptions<C extends ContractCall, Extra extends Record<number, z.ZodType>> {
  tags: string[];
  summary: string;
  /** Answers other than the envelope, such as the 304 of a tagged answer. */
  responses?: Extra;
  /** Required on every admin write (operators/guardRoutes.ts). */
  audit?: AuditAction;
  /** Open to an operator session that must set up two-factor login first (operators/guardRoutes.ts). */
  duringEnrolment?: true;
  handler: ContractHandler<C, Extra>;
}

// An optional token is OpenAPI's empty requirement beside the token one; a merchant's call needs all four signature headers.
const securityOf = {
  none: undefined,
  optional: [{}, { token: [] }],
  user: [{ token: [] }],
  admin: [{ admin: [] }],
  merchant: [{ merchantKey: [], merchantTimestamp: [], merchantNonce: [], merchantSignature: [] }],
} as const;

/**
 * Registers the route of a contract entry: method, path, input schemas, answer envelope, the login
 * it needs and, for an operator call, its roles all come from the entry, so the route cannot
 * disagree with its declaration. The operator guard (operators/guardRoutes.ts) enforces the roles; a
 * user call checks the login before its input.
 */
export function route<C extends ContractCall, Extra extends Record<number, z.ZodType> = Record<never, never>>(
  app: AppInstance,
  call: C,
  options: ContractRouteOptions<C, Extra>,
): void {
  const { tags, summary, responses, audit, duringEnrolment, handler } = options;
  const security = securityOf[call.auth];
  const roles =
    call.auth === 'admin' ? rolesFor(call.access.resource, call.access.action) : call.path.startsWith('/api/admin/') ? 'public' : undefined;
  const definition: RouteOptions = {
    method: call.method,
    url: call.path,
    config: { call, ...(roles ? { roles } : {}), ...(audit ? { audit } : {}), ...(duringEnrolment ? { duringEnrolment } : {}) },
    schema: {
      tags,
      summary,
      ...(security ? { security } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: envelope(call.answer), ...responses },
    },
    // Before the body is read, as the operator guard does: no login, no word about the input.
    ...(call.auth === 'user' ? { onRequest: userAuth(app.deps) } : {}),
    ...(takesNoBody(call) ? { preValidation: refuseBody } : {}),
    handler: handler as RouteOptions['handler'],
  };
  app.route(definition);
}

/** A write whose contract declares neither a JSON body nor a file (the OpenAPI document says so too, http/openapi.ts). */
export const takesNoBody = (call: ContractCall) => call.method !== 'GET' && !call.body && !call.file;

/** An empty object is what clients send for "nothing" (the console does); anything more would be silently ignored. */
async function refuseBody(request: FastifyRequest): Promise<void> {
  const { body } = request;
  const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw invalidInput('body', NO_BODY);
}
export const NO_BODY = 'this call takes no body: send none, or an empty object';

export interface ServedRoute {
  method: string;
  url: string;
  /** The contract entry it was registered from, if any. */
  call: ContractCall | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server registered (HEAD twins of GET routes left out), for the contract test. */
    servedRoutes: ServedRoute[];
  }
}

/** Records every route; on the root before any route plugin, since `onRoute` sees only what follows it. */
export function registerServedRoutes(app: AppInstance): void {
  const served: ServedRoute[] = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      // Fastify adds a HEAD twin to every GET; no route of ours declares HEAD itself.
      if (method === 'HEAD') continue;
      served.push({ method, url: options.url, call: options.config?.call });
    }
  });
}
