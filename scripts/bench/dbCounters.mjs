/**
 * What a load made the database write, read exactly and at once (the statistics views lag by up to
 * seconds): write transactions, from the next transaction id, and WAL bytes, from the insert position.
 * Each write transaction flushes the WAL at its commit, so commits per unit of work say what waits on the disk.
 */
const lsnBytes = (lsn) => {
  const [high, low] = lsn.split('/');
  return BigInt(`0x${high}`) * 2n ** 32n + BigInt(`0x${low}`);
};

export async function dbCounters(pool) {
  const { rows } = await pool.query(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as next_xid, pg_current_wal_insert_lsn()::text as lsn',
  );
  return { nextXid: BigInt(rows[0].next_xid), lsn: lsnBytes(rows[0].lsn) };
}

/** Per `units` (withdrawals created, cards credited): write transactions and WAL kilobytes between two readings. */
export function perUnit(before, after, units) {
  const writeTransactions = Number(after.nextXid - before.nextXid);
  const walBytes = Number(after.lsn - before.lsn);
  const per = (x, digits) => (units > 0 ? Math.round((x / units) * 10 ** digits) / 10 ** digits : null);
  return { writeTransactions, walBytes, commitsPerUnit: per(writeTransactions, 2), walKBPerUnit: per(walBytes / 1024, 2) };
}
