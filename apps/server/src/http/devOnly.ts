import type { FastifyRequest } from 'fastify';
import type { AppInstance } from './appInstance';
import { envelopeFor, notFound } from './envelope';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The client's address as the proxies we trust report it (TRUST_PROXY), else the socket's. */
export const isLoopbackClient = (request: FastifyRequest): boolean => LOOPBACK.test(request.ip);

/**
 * Registers development routes (/api/dev/*, /sim/*): they read login codes and pass face checks, so
 * they exist only in the demo and answer only this machine unless DEV_ROUTES_OPEN=true (a phone on
 * the LAN). To anyone else they do not exist.
 */
export async function registerDevOnly(app: AppInstance, plugins: ((scope: AppInstance) => Promise<void>)[]): Promise<void> {
  const { config } = app.deps;
  if (!config.demo) return;
  await app.register(async (scope) => {
    if (config.DEV_ROUTES_OPEN !== 'true') {
      scope.addHook('onRequest', async (request, reply) => {
        if (isLoopbackClient(request)) return;
        const route = `${request.method} ${request.url.split('?')[0]}`;
        return reply.code(404).send(envelopeFor(request, notFound({ key: 'thing.route', params: { route } })));
      });
    }
    const routes = scope as AppInstance;
    for (const plugin of plugins) await routes.register(plugin);
  });
}
