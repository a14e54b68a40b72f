import type { Db, Tx } from './client';
import { isTransientConflict } from './errors';

const ATTEMPTS = 4;

/**
 * Work that PostgreSQL aborted as a deadlock victim or a serialization failure runs again from the
 * start: the abort rolled everything back, so the caller sees one outcome. A transaction's work
 * must keep its side effects inside `tx` (jobs are queued through it) for this to be safe.
 */
export async function retryingTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryingOnConflict(() => db.transaction(work));
}

/** The same for one statement run on its own (its own transaction): a call of a function of our migrations. */
export async function retryingOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      // A short random pause lets the winner of the conflict finish before we take the locks again.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)));
    }
  }
}
