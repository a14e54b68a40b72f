/**
 * The SQL of a CHECK that restates a shared enumeration, built from its values so the schema says
 * what packages/shared says (db/enumChecks.test.ts holds the migrations to the same values).
 */
import { sql, type SQL } from 'drizzle-orm';

/** `between first and last` over codes that run without a gap, as every enum table's do. */
export function codesBetween(codes: readonly number[]): SQL {
  const first = Math.min(...codes);
  const last = Math.max(...codes);
  if (codes.length !== last - first + 1) throw new Error(`codes ${codes.join(', ')} have a gap: list them with oneOf`);
  return sql.raw(`between ${first} and ${last}`);
}

/** `in (a, b, …)`: numbers as they are, text quoted. */
export function oneOf(values: readonly (number | string)[]): SQL {
  return sql.raw(`in (${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ')})`);
}
