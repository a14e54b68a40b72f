import type { AppInstance } from './appInstance';
import { pendingMigrations } from '../db/client';

/**
 * /healthz: the process answers and reaches its database (liveness). /readyz: it should be given
 * traffic: database reachable, schema current, job workers running (a load balancer's check).
 */
export function registerHealth(app: AppInstance): void {
  const { database, jobs } = app.deps;

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.pool.query('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const problems: string[] = [];
    try {
      const pending = await pendingMigrations(database.pool);
      if (pending.length) problems.push(`schema behind by ${pending.length} migration(s): run npm run db:migrate`);
    } catch {
      problems.push('database unavailable');
    }
    if (!jobs.running()) problems.push('job workers not running');
    if (problems.length) return reply.code(503).send({ status: 'not ready', problems });
    return { status: 'ready' };
  });
}
