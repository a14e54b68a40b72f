import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppInstance } from '../app';
import { riskFlags } from '../modules/risk/service';

/** Prometheus metrics at /metrics: process defaults plus request durations per route. */
export function registerMetrics(app: AppInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'maika_risk_flags',
    help: 'Open risk flags: users credited far above their history in 24 h (userCredits), operators approving above the threshold (operatorApprovals)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const flags = await riskFlags(app.deps);
      for (const kind of ['userCredits', 'operatorApprovals'] as const) this.set({ kind }, flags.filter((f) => f.kind === kind).length);
    },
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
