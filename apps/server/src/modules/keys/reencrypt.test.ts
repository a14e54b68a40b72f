import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCardType, freshCard, submit } from '../../../test/cardFixtures';
import { createTestDatabase, createTestServer } from '../../../test/harness';
import { decrypt, encrypt, keyIdOf, rememberPreviousKeys, storedKeyId } from '../../lib/crypto';
import { ENCRYPTED_COLUMNS, reencryptAll } from './service';

/** A value as the server stored it before ciphertexts carried a key id: iv | tag | ciphertext. */
function legacyEncrypt(key: Buffer, plaintext: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

describe('encryption keys', () => {
  it('names the key in every value it writes, and still reads values from before key ids', () => {
    const key = randomBytes(32);
    expect(storedKeyId(encrypt(key, 'x'))).toBe(keyIdOf(key));
    for (let i = 0; i < 50; i += 1) expect(decrypt(key, legacyEncrypt(key, `secret ${i}`))).toBe(`secret ${i}`);
  });

  it('reads values of a retired key once it is listed as previous, and only then', () => {
    const [retired, current] = [randomBytes(32), randomBytes(32)];
    const old = encrypt(retired, '110101199003074514');
    expect(() => decrypt(current, old)).toThrow();
    rememberPreviousKeys(current, [retired]);
    expect(decrypt(current, old)).toBe('110101199003074514');
    expect(decrypt(current, legacyEncrypt(retired, 'card-password'))).toBe('card-password');
  });
});

describe('npm run keys:reencrypt', () => {
  it('moves every encrypted value to the new key in batches, resumes after a stop, and the server reads throughout', async () => {
    const { database } = await createTestDatabase();
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    const before = await createTestServer({ database, env: { DATA_ENCRYPTION_KEY: keyA.toString('base64') } });
    const goods = await createCardType(before);
    const tokens = [await before.login('13600000001'), await before.login('13600000002')];
    for (const token of tokens) expect((await submit(before, token, goods.id, [freshCard(), freshCard(), freshCard()])).code).toBe(200);
    // One user verified long ago (no key id in the value), one under key A.
    await database.pool.query(`update users set real_name_enc = $1 where phone = '13600000001'`, [legacyEncrypt(keyA, '张三')]);
    await database.pool.query(`update users set real_name_enc = $1 where phone = '13600000002'`, [encrypt(keyA, '李四')]);

    const after = await createTestServer({
      database,
      env: { DATA_ENCRYPTION_KEY: keyB.toString('base64'), DATA_ENCRYPTION_KEYS_PREVIOUS: keyA.toString('base64') },
    });
    const info = await after.call('GET', '/api/user/getInfo', { token: tokens[0] });
    expect(info.data.userinfo.realInfo.name).toBe('*三');

    // Stopped after its first batch, as by a crash; then run again to the end.
    let batches = 0;
    await expect(
      reencryptAll(database.pool, keyB, {
        batchSize: 2,
        onBatch: () => {
          batches += 1;
          throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    const resumed = await reencryptAll(database.pool, keyB, { batchSize: 2, onBatch: () => (batches += 1) });
    expect(batches).toBeGreaterThan(2);
    expect(resumed.rows).toBeGreaterThanOrEqual(6); // the six cards at least; the first batch (users) was already done

    const bId = keyIdOf(keyB);
    for (const [table, columns] of Object.entries(ENCRYPTED_COLUMNS)) {
      const { rows } = await database.pool.query(`select ${columns.join(', ')} from ${table}`);
      for (const row of rows) {
        for (const column of columns) {
          const value = row[column] as Buffer | null;
          if (value) expect(storedKeyId(value), `${table}.${column}`).toBe(bId);
        }
      }
    }
    const { rows: names } = await database.pool.query(
      `select phone, real_name_enc from users where real_name_enc is not null order by phone`,
    );
    expect(names.map((r) => decrypt(keyB, r.real_name_enc))).toEqual(['张三', '李四']);
    expect((await reencryptAll(database.pool, keyB)).rows).toBe(0);
  });
});
