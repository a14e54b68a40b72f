import type { FastifyBaseLogger } from 'fastify';

/** Where services and the caches' listeners report what operators must know (the SMS budget, a lost LISTEN). */
export type AlertLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
