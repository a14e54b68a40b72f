import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { AppInstance } from './http/appInstance';
import { startBanner } from './startBanner';
import type { Config } from './config';
import { connect, migrateDatabase, pendingMigrations, type Database } from './db/client';
import type { EmbeddedCluster } from './db/embedded';
import { seedDemoData } from './db/seed/demo';
import { createDeps, type Deps } from './deps';
import { createProcessLogger } from './http/logger';
import { adminDist, h5Index } from './http/static';
import { countAdmins, ensureFirstAdmin } from './modules/operators';
import { StartRefused } from './startRefused';
import { startWorkers } from './workers';

export interface RunningDatabase {
  database: Database;
  embedded?: EmbeddedCluster;
  close(): Promise<void>;
}

export { StartRefused };

/**
 * The configured database (DATABASE_URL, or in the demo the embedded cluster in DATA_DIR/pg). The
 * demo migrates it; production only checks it is current, migrations being a deployment step.
 */
export async function openDatabase(config: Config, log: (line: string) => void = () => undefined): Promise<RunningDatabase> {
  let embedded: EmbeddedCluster | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const { startEmbeddedPostgres } = await import('./db/embedded');
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'pg'), log);
    url = await ensureDatabase(embedded, 'maika');
  }
  const database = connect(url);
  try {
    if (config.demo) await migrateDatabase(url);
    else await refuseWhenSchemaBehind(database);
  } catch (e) {
    await database.close();
    await embedded?.stop();
    throw e;
  }
  return {
    database,
    embedded,
    close: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}

async function refuseWhenSchemaBehind(database: Database): Promise<void> {
  const pending = await pendingMigrations(database.pool);
  if (pending.length === 0) return;
  throw new StartRefused(
    `The database schema is behind this build by ${pending.length} migration(s) (${pending.map((m) => m.tag).join(', ')}). ` +
      'Run `npm run db:migrate` (or `node apps/server/dist/migrate.js`) with the same DATABASE_URL, then start the server again.',
  );
}

async function ensureDatabase(cluster: EmbeddedCluster, name: string): Promise<string> {
  const admin = connect(cluster.url('postgres'), 1);
  try {
    const { rowCount } = await admin.pool.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.pool.query(`create database "${name}"`);
  } finally {
    await admin.close();
  }
  return cluster.url(name);
}

export interface RunningServer {
  app: AppInstance;
  url: string;
  /**
   * Stops taking requests and finishes those in flight, then finishes the running jobs, then
   * closes the database: in that order, because a request may still queue a job.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * The demo makes its first administrator and shows the password once. Production never does: a
 * password in a log is read by whoever reads the logs. It says how to make one at a terminal instead.
 */
async function firstAdministrator(deps: Deps, log: Pick<Logger, 'warn'>): Promise<void> {
  if (deps.config.demo) {
    const created = await ensureFirstAdmin(deps);
    if (created) {
      log.warn(
        `First start: created admin account "${created.username}" with password ${created.password} (shown once; for a new one: npm run admin -- reset-password admin)`,
      );
    }
    return;
  }
  if ((await countAdmins(deps.database.db)) === 0) {
    log.warn(
      'No operator account yet: on a terminal of this host run `npm run admin -- create <username> admin` (or `node apps/server/dist/admin.js create <username> admin`) with the same settings, then open the set-up link it prints',
    );
  }
}

/** Everything the server process runs: database, first admin, demo data in the demo, job workers, HTTP. */
export async function startServer(config: Config, logger?: Logger): Promise<RunningServer> {
  const log = logger ?? (await createProcessLogger(config));
  const running = await openDatabase(config, (line) => {
    if (/FATAL|PANIC|ERROR/.test(line)) process.stderr.write(`[postgres] ${line}\n`);
  });
  try {
    const deps = createDeps(config, running.database, { log });
    const app = await buildApp(deps, { logger: log });
    const workers = config.JOB_WORKERS === 'true';
    // Without workers the instance still sends jobs (inside its transactions) for the others to run.
    await deps.jobs.start({ worker: workers });
    if (workers) await startWorkers(deps);
    await firstAdministrator(deps, app.log);
    if (config.seedDemo && (await seedDemoData(deps))) app.log.info('demo data loaded');
    const address = await app.listen({ host: config.HOST, port: config.PORT });
    const banner = startBanner(config, { address, h5: existsSync(h5Index), admin: existsSync(adminDist) });
    app.log.info(banner.lines.join('\n'));
    for (const line of banner.simulators) app.log.warn(line);
    return {
      app,
      url: address,
      close: async (options = {}) => {
        const deadline = Date.now() + (options.timeoutMs ?? config.SHUTDOWN_TIMEOUT_MS);
        const closing = app.close();
        // Keep-alive connections go idle as their last request finishes; closing them as they do
        // keeps a client's idle socket from holding the process until its keep-alive timeout.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await closing;
        } finally {
          clearInterval(sweep);
        }
        log.info('HTTP closed: every request taken was answered');
        await deps.jobs.stop({ timeoutMs: Math.max(1000, deadline - Date.now()) });
        log.info('jobs stopped: every job taken was finished');
        deps.cardChannels.stop();
        await running.close();
      },
    };
  } catch (e) {
    await running.close();
    throw e;
  }
}
