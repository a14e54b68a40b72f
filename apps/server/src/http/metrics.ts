import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppInstance } from '../app';

/** Failed operator logins (wrong password or wrong second factor), from any address. */
export const adminLoginFailures = new Counter({ name: 'admin_login_failures_total', help: 'Failed operator logins', registers: [] });
/** Accounts crossing a burst of failed logins (every 10th failure in a row), each also logged. */
export const adminLoginBursts = new Counter({ name: 'admin_login_failure_bursts_total', help: 'Bursts of failed logins on one operator account', registers: [] });

/** Prometheus metrics at /metrics: process defaults, request durations per route, operator login failures. */
export function registerMetrics(app: AppInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(adminLoginFailures);
  registry.registerMetric(adminLoginBursts);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
