import type { AppInstance } from './appInstance';

/**
 * Behind a reverse proxy with TRUST_PROXY off, every client shares the proxy's address, so the
 * per-network limits would throttle everyone together. The first request that arrives with
 * X-Forwarded-For says so in the log, once per process.
 */
export function registerProxyWarning(app: AppInstance): void {
  if (app.deps.config.TRUST_PROXY !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(
      { alert: 'untrusted_proxy', remoteAddress: request.socket.remoteAddress },
      'A request arrived with X-Forwarded-For while TRUST_PROXY is off: every client behind that proxy shares its address for rate limits. Set TRUST_PROXY to the number of proxies in front (e.g. 1) or their addresses',
    );
  });
}
