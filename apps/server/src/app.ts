import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { carriesDeviceId } from '@maika/shared';
import { randomUUID } from 'node:crypto';
import { Gauge } from 'prom-client';
import type { Deps } from './deps';
import type { AppInstance } from './http/appInstance';
import { envelopeFor, notFound } from './http/envelope';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { registerInputChecks } from './http/validation';
import { registerCompression } from './http/compression';
import { registerServedRoutes } from './http/contractRoute';
import { registerHealth } from './http/health';
import { registerMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerProxyWarning } from './http/proxyWarning';
import { registerStatic } from './http/static';
import { registerSecurityHeaders } from './http/security';
import { requireDeviceId } from './http/session';
import { serveH5Index } from './h5Page';
import { findSessionByToken } from './modules/accounts';
import { registerAdminGuard } from './modules/operators';
import { riskFlags } from './modules/risk';
import { registerDevRoutes, registerRoutes } from './routes';

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
    // Past the default 100 characters a path parameter stops matching its route, and a bad id
    // would get a bare 404 instead of the field's own message. Under routerOptions: as a top-level
    // option Fastify 5 warns it is deprecated (FSTDEP022).
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>() as AppInstance;

  app.decorate('deps', deps);
  app.decorate('sessionLookup', findSessionByToken);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputChecks(app);
  registerMetrics(app, [riskFlagGauge(deps)]);
  registerProxyWarning(app);
  // On the root, before any route plugin, so no /api/admin route anywhere escapes it.
  registerAdminGuard(app);
  registerServedRoutes(app);
  registerSecurityHeaders(app);
  // Before every route and static file plugin: its hook only covers what is registered after it.
  await registerCompression(app);

  await registerOpenApi(app);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10 } });

  app.addHook('onRequest', async (request) => {
    if (carriesDeviceId(request.url)) requireDeviceId(request);
  });

  registerHealth(app);

  // Public content is kept in memory only while this instance hears of every change (LISTEN).
  // So are sessions: a revoked token or a frozen user is refused by every instance once it hears.
  let listeners: { stop(): Promise<void> }[] = [];
  app.addHook('onReady', async () => {
    listeners = await Promise.all([
      deps.publicCache.listen(deps.database.pool.options, deps.log),
      deps.sessions.listen(deps.database.pool.options, deps.log),
    ]);
  });
  app.addHook('onClose', async () => {
    await Promise.all(listeners.map((listener) => listener.stop()));
  });

  await registerRoutes(app);
  await registerDevRoutes(app);
  await registerStatic(app, (indexHtml) => serveH5Index(app, indexHtml));

  app.setNotFoundHandler((request, reply) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    reply.code(404).send(envelopeFor(request, notFound({ key: 'thing.route', params: { route } })));
  });
  return app;
}

/** Open risk flags by kind, counted when Prometheus reads /metrics. */
function riskFlagGauge(deps: Deps): Gauge {
  return new Gauge({
    name: 'maika_risk_flags',
    help: 'Open risk flags: users credited far above their history in 24 h (userCredits), operators approving above the threshold (operatorApprovals)',
    labelNames: ['kind'],
    registers: [],
    async collect() {
      const flags = await riskFlags(deps);
      for (const kind of ['userCredits', 'operatorApprovals'] as const) this.set({ kind }, flags.filter((f) => f.kind === kind).length);
    },
  });
}

/** A hop count trusts that many proxies nearest to us; a list names them. */
function trustProxyOf(setting: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
