/** Reading PostgreSQL's answers: which errors are a lost race rather than a fault. */

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The first error in the cause chain carrying a SQLSTATE (drizzle wraps the driver's error). */
function pgError(error: unknown): PgErrorLike | undefined {
  for (
    let e = error as PgErrorLike | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as PgErrorLike, depth += 1
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

/** The SQLSTATE of a database error, whether or not the query layer wrapped it. */
export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code as string | undefined;

/** The constraint's name when `error` is a unique violation, else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = pgError(error);
  if (e?.code !== '23505') return undefined;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

/**
 * Deadlock detected and serialization failure: PostgreSQL rolled the whole transaction back,
 * so running it again from the start is safe and is what the server itself advises.
 */
export const isTransientConflict = (error: unknown): boolean => {
  const code = pgErrorCode(error);
  return code === '40P01' || code === '40001';
};
