import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vendorTokens } from '../../db/schema';
import { decrypt, encrypt } from '../../lib/crypto';

/** Vendor access tokens shared by every instance (table vendor_tokens), encrypted at rest like other secrets. */
export interface TokenStore {
  read(name: string): Promise<{ token: string; expiresAt: Date } | null>;
  write(name: string, token: string, expiresAt: Date): Promise<void>;
}

export function createTokenStore(db: Db, key: Buffer): TokenStore {
  return {
    async read(name) {
      const [row] = await db.select().from(vendorTokens).where(eq(vendorTokens.name, name));
      if (!row) return null;
      try {
        return { token: decrypt(key, row.tokenEnc), expiresAt: row.expiresAt };
      } catch {
        // Written under a key since retired (keys:reencrypt leaves these short-lived tokens alone): fetch a new one.
        return null;
      }
    },
    async write(name, token, expiresAt) {
      const tokenEnc = encrypt(key, token);
      await db
        .insert(vendorTokens)
        .values({ name, tokenEnc, expiresAt })
        .onConflictDoUpdate({ target: vendorTokens.name, set: { tokenEnc, expiresAt, updatedAt: new Date() } });
    },
  };
}
