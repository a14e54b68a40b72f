import { loadToolConfig } from '../config';
import { rememberPreviousKeys } from '../lib/crypto';
import { reencryptAll } from '../modules/keys';
import { openDatabase } from '../server';

/**
 * `npm run keys:reencrypt` (in production `node apps/server/dist/keys-reencrypt.js`), after a
 * rotation: DATA_ENCRYPTION_KEY is the new key, DATA_ENCRYPTION_KEYS_PREVIOUS the old ones. Moves
 * every encrypted value to the new key in batches; stop it at any time and run it again.
 */
async function run(): Promise<number> {
  const config = loadToolConfig({ name: 'keys:reencrypt', uses: ['DATA_ENCRYPTION_KEY'] });
  rememberPreviousKeys(config.dataEncryptionKey, config.previousDataEncryptionKeys);
  const batchSize = Number(process.env.REENCRYPT_BATCH_SIZE ?? 500);
  const running = await openDatabase(config);
  try {
    const { rows } = await reencryptAll(running.database.pool, config.dataEncryptionKey, {
      batchSize,
      onBatch: ({ table, rows: n, lastId }) => process.stdout.write(`${table}: ${n} row(s) moved to the current key, up to id ${lastId}\n`),
    });
    process.stdout.write(`done: ${rows} row(s) moved; every encrypted value is on the current key\n`);
    return 0;
  } finally {
    await running.close();
  }
}

run().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`keys:reencrypt failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
