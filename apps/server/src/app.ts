import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Deps } from './deps';
import { envelopeFor, notFound } from './http/envelope';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { registerInputChecks } from './http/validation';
import { registerMetrics } from './http/metrics';
import { registerStatic } from './http/static';
import { requireDeviceId } from './http/session';
import { registerAdminGuard } from './modules/admin/guard';
import adminRoutes from './modules/admin/routes';
import authRoutes from './modules/auth/routes';
import contentRoutes from './modules/content/routes';
import goodsRoutes from './modules/goods/routes';
import devRoutes from './modules/dev/routes';
import userRoutes from './modules/user/routes';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
> & { deps: Deps };

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AppOptions {
  /** The process logger (see http/logger.ts); omitted in tests that do not read logs. */
  logger?: FastifyBaseLogger;
}

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<AppInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>() as AppInstance;

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputChecks(app);
  registerMetrics(app);
  // On the root, before any route plugin, so no /api/admin route anywhere escapes it.
  registerAdminGuard(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Maika API',
        description:
          'Every response is `{ code, msg, data }` over HTTP 200. Codes 200, 300, 309, 333 and 338 are success; any other code is an error whose `msg` says what to fix. User calls need the `uuid` header (device id) and, where marked, the `token` header.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          admin: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10 } });

  app.addHook('onRequest', async (request) => {
    if (isUserApi(request.url)) requireDeviceId(request);
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.pool.query('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(contentRoutes);
  await app.register(goodsRoutes);
  await app.register(adminRoutes);
  if (config.NODE_ENV !== 'production') await app.register(devRoutes);
  await registerStatic(app);

  app.setNotFoundHandler((request, reply) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    reply.code(404).send(envelopeFor(request, notFound({ 'zh-CN': `接口 ${route} `, 'en-US': `The route ${route}` })));
  });
  return app;
}

/** The calls the mobile clients make; they all carry the device id (SPEC §7). */
function isUserApi(url: string): boolean {
  return url.startsWith('/api/') && !/^\/api\/(admin|dev|channel)\//.test(url);
}

/** A hop count trusts that many proxies nearest to us; a list names them. */
function trustProxyOf(setting: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
