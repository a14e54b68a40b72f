import { existsSync } from 'node:fs';

/** A program the tests run that npm does not install: Debian's, put in place by .ci/run. */
export interface SystemTool {
  name: string;
  /** Where the tests look for it. */
  path: string;
  /** What puts it there, as a newcomer types it. */
  install: string;
}

export const nginxTool: SystemTool = {
  name: 'nginx',
  path: '/usr/sbin/nginx',
  install: 'apt-get install nginx libnginx-mod-http-brotli-filter',
};

/** The brotli module deploy/nginx/maika.conf relies on; nginx without it refuses the configuration. */
export const nginxBrotliTool: SystemTool = {
  name: 'nginx’s brotli module',
  path: '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
  install: 'apt-get install libnginx-mod-http-brotli-filter',
};

/** Debian's Chromium, which the browser journeys drive; browser downloads are not possible here. */
export const chromiumTool = (path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): SystemTool => ({
  name: 'Chromium',
  path,
  install: 'apt-get install chromium fonts-wqy-microhei (or set CHROMIUM_PATH to another Chromium)',
});

/**
 * Fails, never skips, when a tool is missing (a test that did not run has proved nothing), with one
 * line saying what to install instead of a spawn ENOENT stack deep inside the test.
 */
export function requireSystemTool(tool: SystemTool): void {
  if (existsSync(tool.path)) return;
  const error = new Error(`${tool.name} is missing at ${tool.path}: ${tool.install}, or run bash .ci/run`);
  // The message is all there is to say; a stack of the check itself would only bury it.
  error.stack = `Error: ${error.message}`;
  throw error;
}
