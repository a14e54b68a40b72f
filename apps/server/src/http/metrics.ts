import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppInstance } from '../app';

/** SMS codes handed to the gateway, and sends refused because the platform's hourly budget ran out. */
export const smsMetrics = {
  sent: new Counter({ name: 'maika_sms_sent_total', help: 'SMS codes handed to the SMS gateway', registers: [] }),
  budgetRefused: new Counter({
    name: 'maika_sms_budget_refused_total',
    help: 'SMS sends refused because the hourly platform budget (SMS_GLOBAL_HOURLY_LIMIT) was used up',
    registers: [],
  }),
};

/** Prometheus metrics at /metrics: process defaults plus request durations per route. */
export function registerMetrics(app: AppInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of Object.values(smsMetrics)) registry.registerMetric(metric);
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
