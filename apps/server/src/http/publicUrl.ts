import type { FastifyRequest } from 'fastify';
import type { AppInstance } from './appInstance';

/** Where the provider sends the user back to and where the simulator's page lives. */
export function publicBaseUrl(app: AppInstance, request: FastifyRequest): string {
  return (app.deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
