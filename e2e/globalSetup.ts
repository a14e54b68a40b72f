import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { onCluster, startTestCluster, withDatabase } from '../apps/server/test/cluster';
import { chromiumTool, requireSystemTool } from '../apps/server/test/systemTools';
import { ensureBuilds } from './support/builds';
import { firstAdminPassword, newDataDir, startServerProcess, waitUntilHealthy } from './support/serverProcess';

/** What the project shares (support/demoDatabase.ts reads the first, support/browser.ts the second). */
export interface DemoTemplate {
  /** The cluster's URL (database part `postgres`). */
  serverUrl: string;
  database: string;
  /** The DATA_DIR of the first start: its development secrets read what the demo data encrypted. */
  dataDir: string;
  /** The first administrator's password, printed once by the first start. */
  adminPassword: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoTemplate: DemoTemplate;
    /** The project's one Chromium: each file connects to it and opens its own contexts. */
    chromiumEndpoint: string;
  }
}

const TEMPLATE = 'maika_e2e_demo';

/** Debian's Chromium (or CHROMIUM_PATH); browser downloads are not possible here, so Playwright drives the system one. */
const systemChromium = chromiumTool();

/**
 * What every browser journey shares: the H5 app, the console and the compiled server on disk, one
 * PostgreSQL with the demo's first start as a template (support/demoDatabase.ts), and one Chromium.
 */
export default async function setup(project: TestProject) {
  requireSystemTool(systemChromium);
  ensureBuilds(['h5', 'admin', 'server']);
  const cluster = await startTestCluster();
  const [template, browser] = await Promise.all([
    makeDemoTemplate(cluster.url),
    chromium.launchServer({
      executablePath: systemChromium.path,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    }),
  ]);
  project.provide('demoTemplate', template);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await cluster.stop();
    rmSync(template.dataDir, { recursive: true, force: true });
  };
}

/** The demo's first start, made once; the server is stopped again, as a template may have no connections. */
async function makeDemoTemplate(serverUrl: string): Promise<DemoTemplate> {
  await onCluster(serverUrl, `drop database if exists ${TEMPLATE}`, `create database ${TEMPLATE}`);
  const dataDir = newDataDir();
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: withDatabase(serverUrl, TEMPLATE) });
  try {
    await waitUntilHealthy(server);
  } finally {
    await server.stop();
  }
  return { serverUrl, database: TEMPLATE, dataDir, adminPassword: firstAdminPassword(server.output()) };
}
