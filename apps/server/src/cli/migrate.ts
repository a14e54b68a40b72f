import { connect, migrateDatabase, pendingMigrations } from '../db/client';

/**
 * `npm run db:migrate` (in production `node apps/server/dist/migrate.js`): applies the pending
 * migrations to DATABASE_URL. Several may run at once (one per instance at deploy): they take
 * turns on a lock and the later ones find nothing left to do. Exit 0 when the schema is current.
 */
async function run(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'DATABASE_URL: required, the database to migrate, e.g. postgres://maika:password@db.internal:5432/maika (the demo of npm start migrates its embedded database itself)\n',
    );
    return 2;
  }
  const { applied } = await migrateDatabase(url);
  const database = connect(url, 1);
  try {
    const left = await pendingMigrations(database.pool);
    if (left.length) {
      process.stderr.write(`migrations still pending after migrating: ${left.map((m) => m.tag).join(', ')}\n`);
      return 1;
    }
  } finally {
    await database.close();
  }
  process.stdout.write(applied ? `applied ${applied} migration(s); the schema is current\n` : 'nothing to apply; the schema is current\n');
  return 0;
}

run().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`db:migrate failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
