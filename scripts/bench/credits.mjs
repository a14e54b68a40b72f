#!/usr/bin/env node
/**
 * Card credits from the channel at speed: `n` passed cards waiting for their credit (status
 * Passed, settlement pending, as a channel's pass leaves them), one `card-credit` job each, queued
 * at once; the bench's instances (job workers on) credit them. Reports credits a second, the
 * jobs' latency from queueing to completion, what the database wrote per credit, and whether the
 * ledger's invariants still hold after. Cards are whole orders of seeded users other than the
 * order-list user, so that figure is unchanged by this one.
 *
 * Standalone: `node --import tsx scripts/bench/credits.mjs`, on a fresh bed with two instances and
 * BENCH_CARDS (100000) seeded cards. BENCH_CREDITS (20000) cards, BENCH_CREDIT_TIMEOUT (120) seconds
 * at most; what is left of these jobs then is cancelled, so later figures run on quiet instances.
 */
import { checkLedger } from '../../apps/server/src/modules/ledger/checkService.ts';
import { createJobs } from '../../apps/server/src/jobs/boss.ts';
import { CARD_CREDIT_QUEUE, CARD_SUBMIT_QUEUE } from '../../apps/server/src/jobs/queues.ts';
import { dbCounters, perUnit } from './dbCounters.mjs';
import { startBenchBed } from './processes.mjs';
import { seedCards } from './seedCards.ts';

const CARD_QUEUES = [CARD_SUBMIT_QUEUE, CARD_CREDIT_QUEUE];
const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function creditFigure({
  bed,
  targetPhone,
  n = Number(process.env.BENCH_CREDITS ?? 20_000),
  timeoutS = Number(process.env.BENCH_CREDIT_TIMEOUT ?? 120),
  log = () => undefined,
}) {
  const { pool, db } = bed.db.database;
  // The newest orders first, whole: a channel passes an order's cards together.
  const { rows } = await pool.query(
    `update cards c set status = 1, settlement_status = 1, actual_face_value_fen = c.declared_face_value_fen,
            settlement_rate_bp = 9500, settlement_fen = c.declared_face_value_fen * 95 / 100, credited_at = null
     where c.id in (select c2.id from cards c2 join users u on u.id = c2.user_id
                    where u.phone <> $1 and c2.settlement_status <> 3 order by c2.order_id desc, c2.id limit $2)
     returning c.id`,
    [targetPhone, n],
  );
  const ids = rows.map((r) => Number(r.id));
  // Cards handed over earlier (the batch submit's) are credited as their verdicts come: that work
  // is let finish first, for at most half the time allowed, so the figure is of these credits.
  const waiting = async () =>
    Number(
      (await pool.query(`select count(*) from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`, [CARD_QUEUES]))
        .rows[0].count,
    );
  const quietBy = performance.now() + (timeoutS / 2) * 1000;
  while ((await waiting()) > 0 && performance.now() < quietBy) await new Promise((resolve) => setTimeout(resolve, 500));
  const queuedBefore = await waiting();
  log(`crediting ${ids.length} passed cards on ${bed.servers.length} instances (${queuedBefore} card jobs still queued before them)...`);
  const jobs = createJobs(pool);
  await jobs.start();
  const before = await dbCounters(pool);
  const {
    rows: [{ now: queuedFrom }],
  } = await pool.query('select now()');
  const started = performance.now();
  const credited = async () =>
    Number((await pool.query('select count(*) from cards where id = any($1::bigint[]) and settlement_status = 2', [ids])).rows[0].count);
  try {
    // Queued as many sends would, but in a few statements: the figure is of the crediting, not the queueing.
    for (let at = 0; at < ids.length; at += 5000)
      await jobs.boss.insert(ids.slice(at, at + 5000).map((cardId) => ({ name: CARD_CREDIT_QUEUE, data: { cardId } })));
    let done = 0;
    while (done < ids.length && performance.now() - started < timeoutS * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await credited();
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await dbCounters(pool);
    // Left over at the deadline: cancelled (their cards stay pending credit), so nothing runs behind later figures.
    const mine = `name = $1 and created_on >= $2 and (data->>'cardId')::bigint = any($3::bigint[])`;
    const mineValues = [CARD_CREDIT_QUEUE, queuedFrom, ids];
    const { rowCount: cancelled } = await pool.query(
      `update pgboss.job set state = 'cancelled', completed_on = now() where ${mine} and state in ('created', 'retry')`,
      mineValues,
    );
    const active = async () =>
      Number((await pool.query(`select count(*) from pgboss.job where ${mine} and state = 'active'`, mineValues)).rows[0].count);
    while ((await active()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows: latency } = await pool.query(
      `select percentile_cont(array[0.5, 0.99]) within group (order by extract(epoch from completed_on - created_on)) as p
       from pgboss.job where ${mine} and state = 'completed'`,
      mineValues,
    );
    const [p50, p99] = (latency[0].p ?? [0, 0]).map((s) => Math.round(s * 1000));
    const ledger = await checkLedger(db);
    return {
      cards: ids.length,
      credited: done,
      seconds: round(seconds, 2),
      creditsPerSec: Math.round(done / seconds),
      jobP50Ms: p50,
      jobP99Ms: p99,
      cancelled,
      queuedBefore,
      instances: bed.servers.length,
      ...perUnit(before, after, done),
      ledgerOk: ledger.ok,
      ledgerFailures: ledger.checks.filter((c) => !c.ok).map((c) => ({ name: c.name, violations: c.violations.slice(0, 3) })),
    };
  } finally {
    await jobs.stop();
  }
}

if (process.argv[1]?.endsWith('credits.mjs')) {
  const bed = await startBenchBed();
  try {
    await bed.addServer();
    await bed.addServer();
    const cards = Number(process.env.BENCH_CARDS ?? 100_000);
    console.log(`seeding ${cards} cards...`);
    const seed = await seedCards(bed.db.url, { cards, encryptionKey: bed.encryptionKey });
    console.log(JSON.stringify(await creditFigure({ bed, targetPhone: seed.targetPhone, log: console.log }), null, 2));
  } finally {
    await bed.stop();
  }
  process.exit(0);
}
