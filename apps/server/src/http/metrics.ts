import { Counter, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from './appInstance';

/** SMS codes handed to the gateway, and sends refused because the platform's hourly budget ran out. */
export const smsMetrics = {
  sent: new Counter({ name: 'maika_sms_sent_total', help: 'SMS codes handed to the SMS gateway', registers: [] }),
  budgetRefused: new Counter({
    name: 'maika_sms_budget_refused_total',
    help: 'SMS sends refused because the hourly platform budget (SMS_GLOBAL_HOURLY_LIMIT) was used up',
    registers: [],
  }),
};

/** Failed operator logins (wrong password or wrong second factor), from any address. */
export const adminLoginFailures = new Counter({ name: 'admin_login_failures_total', help: 'Failed operator logins', registers: [] });
/** Accounts crossing a burst of failed logins (every 10th failure in a row), each also logged. */
export const adminLoginBursts = new Counter({
  name: 'admin_login_failure_bursts_total',
  help: 'Bursts of failed logins on one operator account',
  registers: [],
});

/** The request carries `Authorization: Bearer <token>`. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics: process defaults plus request durations per route, and the
 * `moduleMetrics` app.ts reads from the modules. They map our admin and money routes, so with
 * METRICS_TOKEN set they need it as a bearer token, and in production there are none without it.
 */
export function registerMetrics(app: AppInstance, moduleMetrics: Metric[]): void {
  const { config } = app.deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of Object.values(smsMetrics)) registry.registerMetric(metric);
  registry.registerMetric(adminLoginFailures);
  registry.registerMetric(adminLoginBursts);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  for (const metric of moduleMetrics) registry.registerMetric(metric);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const token = config.METRICS_TOKEN;
  if (!token && !config.demo) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !bearerMatches(request, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ status: 'send METRICS_TOKEN as Authorization: Bearer <token>' });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
