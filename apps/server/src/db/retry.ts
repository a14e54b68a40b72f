import type { Db, Tx } from './client';
import { isTransientConflict } from './errors';

const ATTEMPTS = 4;

/**
 * A transaction that PostgreSQL aborted as a deadlock victim or a serialization failure runs
 * again from the start: the abort rolled everything back, so the caller sees one outcome. The
 * work must keep its side effects inside `tx` (jobs are queued through it) for this to be safe.
 */
export async function retryingTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      // A short random pause lets the winner of the conflict finish before we take the locks again.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)));
    }
  }
}
