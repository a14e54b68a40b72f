/**
 * Key rotation: moves every encrypted column written with a retired DATA_ENCRYPTION_KEY (or before
 * key ids existed) to the current key, in batches, one transaction each. Resumable by design: a
 * row already on the current key is never selected again, so a run stopped anywhere is simply run
 * again. A row changed by the application meanwhile is left alone (its new value is already on
 * the current key).
 */
import type pg from 'pg';
import { decrypt, encrypt, keyIdOf } from '../../lib/crypto';

/** Every encrypted column, by table (each keyed by a bigint `id`). */
export const ENCRYPTED_COLUMNS: Record<string, string[]> = {
  users: ['real_name_enc', 'id_num_enc'],
  face_certifications: ['name_enc', 'id_num_enc'],
  cards: ['card_no_enc', 'card_pwd_enc'],
  payees: ['name_enc', 'account_enc'],
  withdrawals: ['payee_name_enc', 'payee_account_enc'],
  merchant_api_keys: ['secret_enc'],
};

export interface ReencryptProgress {
  table: string;
  rows: number;
  lastId: number;
}

/** Not on `key`: older format, or another key id (byte 0 is the format, bytes 1-4 the key id). */
const notOnKey = (column: string) => `(${column} is not null and (get_byte(${column}, 0) <> 1 or substring(${column} from 2 for 4) <> $1))`;

export async function reencryptAll(
  pool: pg.Pool,
  key: Buffer,
  options: { batchSize?: number; onBatch?: (progress: ReencryptProgress) => void } = {},
): Promise<{ rows: number }> {
  const batchSize = options.batchSize ?? 500;
  const keyId = Buffer.from(keyIdOf(key), 'hex');
  let total = 0;
  for (const [table, columns] of Object.entries(ENCRYPTED_COLUMNS)) {
    let lastId = 0;
    for (;;) {
      const { rows } = await pool.query<Record<string, Buffer | null> & { id: number }>(
        `select id, ${columns.join(', ')} from ${table} where id > $2 and (${columns.map(notOnKey).join(' or ')}) order by id limit $3`,
        [keyId, lastId, batchSize],
      );
      if (rows.length === 0) break;
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const row of rows) {
          const sets: string[] = [];
          const values: unknown[] = [row.id];
          for (const column of columns) {
            const stored = row[column];
            if (!stored) continue;
            values.push(stored, encrypt(key, decrypt(key, stored)));
            sets.push(`${column} = case when ${column} = $${values.length - 1} then $${values.length} else ${column} end`);
          }
          if (sets.length) await client.query(`update ${table} set ${sets.join(', ')} where id = $1`, values);
        }
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw e;
      } finally {
        client.release();
      }
      lastId = rows[rows.length - 1]!.id;
      total += rows.length;
      options.onBatch?.({ table, rows: rows.length, lastId });
    }
  }
  return { rows: total };
}
