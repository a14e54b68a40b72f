/**
 * The browser journeys' database. Their servers ran each on a fresh DATA_DIR: an initdb, every
 * migration and the demo data for every file. Instead the project's globalSetup starts one
 * PostgreSQL, lets the compiled server's first start (migrations, demo data, first administrator)
 * fill a template database once, and each journey's server gets a copy of it (CREATE DATABASE …
 * TEMPLATE, a file copy inside PostgreSQL). The journeys about the first start itself
 * (first-start, server) keep a fresh DATA_DIR.
 *
 * e2e/globalSetup.ts makes the template (it cannot import this file: vitest's test API is not
 * there), and provides it to the journeys as `demoTemplate`.
 */
import { cpSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { onCluster, withDatabase } from '../../apps/server/test/cluster';
import { newDataDir, startServerProcess, waitUntilHealthy, type ServerProcess } from './serverProcess';

export interface DemoServer extends ServerProcess {
  /** The first administrator's password (the demo's first start printed it). */
  adminPassword: string;
  /** Its database, for a journey that records what no API call makes (a message as a module records it). */
  databaseUrl: string;
}

/** A server process on its own copy of the demo database and DATA_DIR, both removed once it has stopped. */
export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  const template = inject('demoTemplate');
  const database = `e2e_${randomBytes(6).toString('hex')}`;
  await onCluster(template.serverUrl, `create database ${database} template ${template.database}`);
  const dataDir = newDataDir();
  cpSync(template.dataDir, dataDir, { recursive: true });
  const removeCopies = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await onCluster(template.serverUrl, `drop database if exists ${database} with (force)`);
  };
  const databaseUrl = withDatabase(template.serverUrl, database);
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env });
  try {
    await waitUntilHealthy(server);
  } catch (e) {
    await server.stop('SIGKILL');
    await removeCopies();
    throw e;
  }
  const stop = async (signal?: NodeJS.Signals) => {
    const code = await server.stop(signal);
    await removeCopies();
    return code;
  };
  return { ...server, stop, adminPassword: template.adminPassword, databaseUrl };
}
