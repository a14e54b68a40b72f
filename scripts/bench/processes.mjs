/**
 * What the API benchmarks run against: an embedded PostgreSQL in its own temporary directory,
 * migrated; Maika servers started as `npm start` starts them (src/main.ts) on that database; and
 * the baselines: a bare Fastify hello, and a bare Fastify with a `pg` point select on that database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, migrateDatabase } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL settings over the embedded server's own, from BENCH_PG_SETTINGS
 * (`commit_delay=20,commit_siblings=5`): for measuring a setting against another in alternate runs.
 */
const pgSettings = () =>
  Object.fromEntries(
    (process.env.BENCH_PG_SETTINGS ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=').map((part) => part.trim())),
  );

async function startDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'maika-bench-'));
  chmodSync(dir, 0o755); // initdb runs as an unprivileged user when we are root
  const cluster = await startEmbeddedPostgres(join(dir, 'pg'), undefined, pgSettings());
  const admin = connect(cluster.url('postgres'), 1);
  await admin.pool.query('create database maika_bench');
  await admin.close();
  const url = cluster.url('maika_bench');
  const database = connect(url, 4);
  await migrateDatabase(url);
  return {
    url,
    dir,
    database,
    stop: async () => {
      await database.close();
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A bench run's test bed: a fresh embedded PostgreSQL, fresh secrets, and the Maika servers on it,
 * started as `npm start` does; the first loads the demo data, later ones join its database.
 */
export async function startBenchBed() {
  const secrets = { APP_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const db = await startDatabase();
  const env = {
    ...secrets,
    DATABASE_URL: db.url,
    DATA_DIR: db.dir,
    LOG_LEVEL: 'warn',
    // The load runs log in, withdraw and submit far more than a person may.
    SMS_PHONE_DAILY_LIMIT: '1000',
    SMS_IP_DAILY_LIMIT: '100000',
    WITHDRAWAL_MAX_OPEN: '1000000',
  };
  const servers = [];
  return {
    db,
    servers,
    encryptionKey: Buffer.from(secrets.DATA_ENCRYPTION_KEY, 'base64'),
    /** A server kept until `stop()`. */
    async addServer(moreEnv = {}) {
      const server = await startMaika({ ...env, SEED_DEMO: servers.length === 0 ? 'true' : 'false', ...moreEnv });
      servers.push(server);
      return server;
    },
    /** A server of its own for the caller to stop (a profiled one, with `nodeArgs`; `moreEnv` such as JOB_WORKERS). */
    startServer: (nodeArgs, moreEnv = {}) => startMaika({ ...env, SEED_DEMO: 'false', ...moreEnv }, nodeArgs),
    async stop() {
      for (const server of servers) await server.stop();
      await db.stop();
    },
  };
}

function spawnReady(args, env, isReady, name) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return {
    output: () => output,
    stop,
    ready: (async () => {
      const deadline = Date.now() + 120_000;
      while (!(await isReady(output))) {
        if (child.exitCode !== null) throw new Error(`${name} exited:\n${output.slice(-3000)}`);
        if (Date.now() > deadline) throw new Error(`${name} did not start in 120 s:\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })(),
  };
}

/** A Maika server process on the bench database (`nodeArgs` before its script); resolves once /healthz answers. */
async function startMaika(env, nodeArgs = []) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  const proc = spawnReady(
    [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    { NODE_ENV: 'development', HOST: '127.0.0.1', ...env, PORT: String(port) },
    healthy,
    'server',
  );
  await proc.ready;
  return { url, stop: proc.stop, output: proc.output };
}

export async function startHello() {
  const port = await freePort();
  const proc = spawnReady(['scripts/bench/hello.mjs', String(port)], {}, async (out) => out.includes('hello ready'), 'hello server');
  await proc.ready;
  return { url: `http://127.0.0.1:${port}`, stop: proc.stop };
}

export async function startPgPoint(databaseUrl) {
  const port = await freePort();
  const proc = spawnReady(
    ['scripts/bench/pgPoint.mjs', String(port)],
    { DATABASE_URL: databaseUrl },
    async (out) => out.includes('pg point ready'),
    'pg point server',
  );
  await proc.ready;
  return { url: `http://127.0.0.1:${port}`, stop: proc.stop };
}
