import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, type AppInstance } from './app';
import type { Config } from './config';
import { connect, migrateDatabase, type Database } from './db/client';
import { startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded';
import { seedDemoData } from './db/seed/demo';
import { createDeps } from './deps';
import { createLogger } from './http/logger';
import { startPayoutWorker } from './jobs/payoutWorker';
import { startCardWorker } from './jobs/cardWorker';
import { startMaintenanceWorker } from './jobs/maintenanceWorker';
import { adminDist, h5Dist } from './http/static';
import { ensureFirstAdmin } from './modules/admin/service';

export interface RunningDatabase {
  database: Database;
  embedded?: EmbeddedCluster;
  close(): Promise<void>;
}

/** The configured database (DATABASE_URL, or the embedded cluster in DATA_DIR/pg), migrated. */
export async function openDatabase(config: Config, log: (line: string) => void = () => undefined): Promise<RunningDatabase> {
  let embedded: EmbeddedCluster | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'pg'), log);
    url = await ensureDatabase(embedded, 'maika');
  }
  const database = connect(url);
  try {
    await migrateDatabase(database.db);
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
  close(): Promise<void>;
}

/** Everything `npm start` runs: database, migrations, first admin, demo data, HTTP. */
export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.LOG_LEVEL);
  const running = await openDatabase(config, (line) => {
    if (/FATAL|PANIC|ERROR/.test(line)) process.stderr.write(`[postgres] ${line}\n`);
  });
  try {
    const deps = createDeps(config, running.database, { log: logger });
    const app = await buildApp(deps, { logger });
    await deps.jobs.start({ worker: true });
    await startPayoutWorker(deps);
    await startCardWorker(deps);
    await startMaintenanceWorker(deps);
    const firstAdmin = await ensureFirstAdmin(deps);
    if (firstAdmin) {
      app.log.warn(
        `First start: created admin account "${firstAdmin.username}" with password ${firstAdmin.password} (shown once; change it in the console or with npm run admin)`,
      );
    }
    if (config.seedDemo && (await seedDemoData(running.database.db))) app.log.info('demo data loaded');
    const address = await app.listen({ host: config.HOST, port: config.PORT });
    const parts = [
      existsSync(h5Dist) ? `the app at ${address}/` : null,
      existsSync(adminDist) ? `the admin console at ${address}/admin/` : null,
      `the API at ${address}/api/ (documentation at ${address}/docs)`,
    ];
    app.log.info(`Maika is serving ${parts.filter(Boolean).join(', ')}`);
    return {
      app,
      url: address,
      close: async () => {
        await deps.jobs.stop();
        await app.close();
        await running.close();
      },
    };
  } catch (e) {
    await running.close();
    throw e;
  }
}
