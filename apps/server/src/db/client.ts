import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repos take `Db | Tx` so callers decide the transaction boundary. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// bigint columns (ids, fen) arrive as strings by default; every value we store fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** A process's connections to the database: its requests, its jobs and pg-boss share them. */
export const DATABASE_POOL_SIZE = 10;

export function connect(url: string, poolSize = DATABASE_POOL_SIZE): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // an idle client dropped by the server is replaced on next use
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** One number every migrating process locks on, so two that start together migrate one after the other. */
const MIGRATION_LOCK = 7_314_592_001;

/**
 * Applies the pending migrations. Safe when several processes run it at once: each waits for the
 * others on an advisory lock held on one connection, then finds nothing left to do.
 */
export async function migrateDatabase(url: string): Promise<{ applied: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const before = await pendingMigrations(client);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return { applied: before.length };
  } finally {
    await client.end();
  }
}

export interface PendingMigration {
  tag: string;
}

/**
 * The migrations in the build that the database has not applied yet, oldest first, judged as
 * drizzle's migrator judges them: those newer than the newest one applied.
 */
export async function pendingMigrations(queryable: Pick<pg.ClientBase, 'query'>): Promise<PendingMigration[]> {
  const files = readMigrationFiles({ migrationsFolder });
  const tags = journalTags();
  const { rows } = await queryable.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  let newestApplied = -1;
  if (rows[0]?.exists) {
    const applied = await queryable.query<{ newest: string | null }>(
      'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
    );
    newestApplied = Number(applied.rows[0]?.newest ?? -1);
  }
  return files.flatMap((file, i) => (file.folderMillis > newestApplied ? [{ tag: tags[i] ?? String(file.folderMillis) }] : []));
}

function journalTags(): string[] {
  try {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
    return journal.entries.map((entry) => entry.tag);
  } catch {
    return [];
  }
}
