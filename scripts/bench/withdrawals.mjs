#!/usr/bin/env node
/**
 * Where a withdrawal creation's time goes, with no job workers anywhere (JOB_WORKERS=false), so
 * nothing but creations runs: the statements one creation sends (in this process, through the
 * service), how long a creation takes among many at once in this process, the wait events of the
 * database's backends under the two-instance load, that load beside the Fastify + pg point-select
 * baseline of the same run, a CPU profile of a third instance under the same load, and what the
 * database wrote per withdrawal created (write transactions, each flushing the WAL at commit, and
 * WAL bytes) with the settings that govern that flush, and what a creation costs the machine beside
 * what the same load costs refused for want of balance (the accounts locked and the rows read,
 * nothing written) and what the baseline's call costs (cpuSplit.mjs). BENCH_DURATION (5),
 * BENCH_CONNECTIONS (50), BENCH_SKIP=profile,trace,refusals, BENCH_PG_SETTINGS (processes.mjs) to
 * compare PostgreSQL settings in alternate runs, BENCH_WORKERS=true for payouts running beside the
 * creations, BENCH_HISTORY (0) paid withdrawals behind each user before the load, as sellers of long
 * standing have. Prints figures; writes nothing.
 */
import { Code } from '@maika/shared';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { extract } from '../../apps/server/src/modules/withdrawals/service.ts';
import { api, expectOk, load, loadTogether } from './api.mjs';
import { withCpu } from './cpuSplit.mjs';
import { dbCounters, perUnit } from './dbCounters.mjs';
import {
  createdUnder,
  extractBody,
  extractRequest,
  otherPhones,
  readyToWithdraw,
  settleWithdrawals,
  WITHDRAWER_BALANCE_FEN,
  WITHDRAWERS,
} from './apiSuite.mjs';
import { startBenchBed, startPgPoint } from './processes.mjs';
import { profiled } from './profile.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
// BENCH_WORKERS=true: the two loaded instances run their job workers, so payouts commit beside creations.
const NO_WORKERS = process.env.BENCH_WORKERS === 'true' ? {} : { JOB_WORKERS: 'false' };

/**
 * Every statement this process sends, per connection, with when it was sent and answered: the
 * promise form (a transaction's client) and the callback form (pg.Pool.query, which drizzle and
 * named statements outside a transaction use).
 */
const trace = { on: false, statements: [] };
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (!trace.on) return originalQuery.call(this, config, values, callback);
  const text = typeof config === 'string' ? config : config.text;
  const entry = { client: this, text, sentAt: performance.now(), doneAt: 0 };
  trace.statements.push(entry);
  const answered =
    (then) =>
    (...args) => {
      entry.doneAt = performance.now();
      return then(...args);
    };
  if (typeof values === 'function') return originalQuery.call(this, config, answered(values));
  if (typeof callback === 'function') return originalQuery.call(this, config, values, answered(callback));
  const answer = originalQuery.call(this, config, values);
  answer.then(
    () => (entry.doneAt = performance.now()),
    () => (entry.doneAt = performance.now()),
  );
  return answer;
};

const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const shortText = (text) => text.replace(/\s+/g, ' ').trim().slice(0, 110);
/** More than any withdrawer holds: every such call is refused as insufficient. */
const REFUSED_FEN = 2 * WITHDRAWER_BALANCE_FEN;
/** A figure's CPU per call as one line: each group's milliseconds and their sum. */
const costLine = ({ cpu }) =>
  cpu
    ? `PostgreSQL ${cpu.postgres}, servers ${round(cpu.maika + cpu.baseline, 3)}, autocannon ${cpu.loadGenerator}, other ${cpu.other}: ${cpu.total} ms (idle ${cpu.idle})`
    : 'not measured (Linux only)';

/** pg_stat_activity of the bench database every 20 ms while `during` runs: the share of busy backends in each wait. */
async function sampleWaits(pool, during) {
  const counts = new Map();
  let samples = 0;
  let stop = false;
  const sampler = (async () => {
    while (!stop) {
      const { rows } = await pool.query(`
        select case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'on CPU') else state end
                 || case when exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and l.granted and l.objsubid = 1)
                         then ' (holding the payout lock)' else '' end as wait,
               count(*)::int as n
        from pg_stat_activity a
        where datname = current_database() and state in ('active', 'idle in transaction') and pid <> pg_backend_pid() group by 1`);
      samples += 1;
      for (const r of rows) counts.set(r.wait, (counts.get(r.wait) ?? 0) + r.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return {
      result: await during(),
      waits: {
        samples,
        meanActiveBackends: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([w, n]) => [w, round(n / samples, 2)])),
      },
    };
  } finally {
    stop = true;
    await sampler;
  }
}

/**
 * `count` paid withdrawals behind each user: one made through the API, copied `count` times as paid
 * (new keys and numbers) in one statement, then the table analysed as a table of that age would be.
 */
async function giveHistory(server, pool, withdrawers, count) {
  for (const [i, w] of withdrawers.entries()) {
    await expectOk(server.url, 'POST', '/api/cash/extract', { token: w.token, body: extractBody(w, `history-seed-${i}-${process.pid}`) });
  }
  await pool.query(
    `insert into withdrawals select (jsonb_populate_record(null::withdrawals, to_jsonb(w) || jsonb_build_object(
       'id', nextval('withdrawals_id_seq'), 'order_no', 'H' || w.id || '-' || g, 'out_biz_no', 'H' || w.id || '-' || g,
       'idempotency_key', 'history-' || g, 'status', 1))).*
     from withdrawals w, generate_series(1, $1) g`,
    [count],
  );
  await pool.query('update withdrawals set status = 1');
  await pool.query('vacuum analyze withdrawals');
}

const parseSettings = (text) =>
  Object.fromEntries(
    text
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=').map((part) => part.trim())),
  );

/**
 * BENCH_PG_ALTERNATE=`commit_delay=0|commit_delay=1000,commit_siblings=5`: the settings (reloadable
 * ones, applied with ALTER SYSTEM and a reload) in turn, BENCH_ROUNDS (3) times, each turn the
 * point-select baseline and then the creation load, so a noisy machine weighs on both alike.
 * Prints each turn's ratio to its own baseline and the median per setting.
 */
async function alternate(pool, withdrawers) {
  const variants = process.env.BENCH_PG_ALTERNATE.split('|').map(parseSettings);
  const keys = [...new Set(variants.flatMap((v) => Object.keys(v)))];
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const half = Math.max(1, Math.floor(connections / 2));
  const turns = [];
  for (let turnNo = 0; turnNo < rounds; turnNo += 1) {
    // A B, B A, A B…: what grows between turns (each user's withdrawals) weighs on every setting alike.
    const order = turnNo % 2 === 0 ? [...variants.entries()] : [...variants.entries()].reverse();
    for (const [index, variant] of order) {
      for (const key of keys)
        await pool.query(key in variant ? `alter system set ${key} = '${variant[key]}'` : `alter system reset ${key}`);
      await pool.query('select pg_reload_conf()');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const base = await load({ url: pgPoint.url, connections, duration });
      const counters = await dbCounters(pool);
      // One request for both instances, as in the main load: one each would send the same keys twice.
      const extractLoad = extractRequest(withdrawers, `ab-${turnNo}-${index}`);
      const { result: figure, waits } = await sampleWaits(pool, () =>
        createdUnder(pool, () =>
          loadTogether(bed.servers.map((s) => ({ url: s.url, connections: half, duration, requests: [extractLoad] }))),
        ),
      );
      const created = figure.requests;
      const written = perUnit(counters, await dbCounters(pool), created);
      const turn = {
        round: turnNo,
        variant: index,
        settings: variant,
        baseline: base.reqPerSec,
        createdPerSec: round(created / duration),
        ratio: round(created / duration / base.reqPerSec, 3),
        p99Ratio: round(figure.p99Ms / base.p99Ms, 2),
        commitsPerWithdrawal: written.commitsPerUnit,
        waitingOnWalWrite: waits.meanActiveBackends['LWLock:WALWrite'] ?? 0,
        waitingOnWalSync: waits.meanActiveBackends['IO:WalSync'] ?? 0,
      };
      turns.push(turn);
      console.log(JSON.stringify(turn));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [index, variant] of variants.entries()) {
    const mine = turns.filter((t) => t.variant === index);
    console.log(
      `${JSON.stringify(variant)}: ratio median ${median(mine.map((t) => t.ratio))} (${mine.map((t) => t.ratio).join(', ')}), p99 ratio median ${median(mine.map((t) => t.p99Ratio))}`,
    );
  }
  for (const key of keys) await pool.query(`alter system reset ${key}`);
  await pool.query('select pg_reload_conf()');
}

const bed = await startBenchBed();
let pgPoint;
try {
  await bed.addServer(NO_WORKERS);
  await bed.addServer(NO_WORKERS);
  const [first] = bed.servers;
  const pool = bed.db.database.pool;
  pgPoint = await startPgPoint(bed.db.url);
  console.log('Fastify + pg point-select baseline...');
  const base = await withCpu(() => load({ url: pgPoint.url, connections, duration }));

  const phones = otherPhones(WITHDRAWERS);
  const withdrawers = [];
  for (const phone of phones) withdrawers.push(await readyToWithdraw(first, bed.db, bed.encryptionKey, phone));
  const history = Number(process.env.BENCH_HISTORY ?? 0);
  if (history > 0) await giveHistory(first, pool, withdrawers, history);
  await settleWithdrawals({ servers: bed.servers, pool, withdrawers, connections, log: (line) => console.log(line) });
  const { rows: users } = await pool.query('select id, phone from users where phone = any($1)', [phones]);
  const userIdOf = new Map(users.map((u) => [u.phone, Number(u.id)]));

  if (process.env.BENCH_PG_ALTERNATE) {
    await alternate(pool, withdrawers);
    await pgPoint.stop();
    await bed.stop();
    process.exit(0);
  }

  console.log(`\nwithdrawal creation by ${WITHDRAWERS} users on 2 instances without workers, with wait sampling...`);
  const countersBefore = await dbCounters(pool);
  const half = Math.max(1, Math.floor(connections / 2));
  const extractLoad = extractRequest(withdrawers, 'load');
  // CPU per created withdrawal: the figure's requests are the rows created (the sampler's reads cost a little too).
  const { result: figure, waits } = await sampleWaits(pool, () =>
    withCpu(() =>
      createdUnder(pool, () =>
        loadTogether(bed.servers.map((s) => ({ url: s.url, connections: half, duration, requests: [extractLoad] }))),
      ),
    ),
  );
  const createdHttp = figure.requests;
  // The sampler's own reads write nothing, so every write transaction here is a creation's (or, with workers, a payout's).
  const written = perUnit(countersBefore, await dbCounters(pool), createdHttp);
  const { rows: walSettings } = await pool.query(
    `select name, setting || coalesce(unit, '') as value from pg_settings
     where name in ('commit_delay', 'commit_siblings', 'wal_writer_delay', 'wal_writer_flush_after', 'wal_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method')
     order by name`,
  );
  if (process.env.BENCH_SHOW_OUTPUT) console.log(bed.servers[0].output().slice(-3000));
  console.log(JSON.stringify({ waits }, null, 2));

  let refusal = null;
  if (!skip.has('refusals')) {
    console.log(`\nthe same load refused: ${REFUSED_FEN} fen, more than any of the users holds...`);
    const refusedLoad = extractRequest(withdrawers, 'refused', { amountFen: REFUSED_FEN });
    const [probed] = withdrawers;
    const probe = await api(first.url, 'POST', '/api/cash/extract', {
      token: probed.token,
      body: extractBody(probed, `refused-probe-${process.pid}`, REFUSED_FEN),
    });
    if (probe.code !== Code.InsufficientBalance) throw new Error(`a refused withdrawal answered ${probe.code}: ${probe.msg}`);
    // CPU per answer: withCpu inside, so its calls are the answers and not the (no) rows created.
    refusal = await createdUnder(pool, () =>
      withCpu(() => loadTogether(bed.servers.map((s) => ({ url: s.url, connections: half, duration, requests: [refusedLoad] })))),
    );
    if (refusal.requests !== 0) throw new Error(`a refused load created ${refusal.requests} withdrawals`);
  }
  console.log('\nwhat a call costs the machine, ms of CPU per call (scripts/bench/cpuSplit.mjs):');
  console.log(`  Fastify + pg point select (baseline)  ${costLine(base)}`);
  console.log(`  withdrawal created                    ${costLine(figure)}`);
  if (refusal) console.log(`  withdrawal refused, nothing written   ${costLine(refusal)}`);

  if (!skip.has('trace')) {
    // The service in this process, on the same database, as an instance without workers runs it.
    const config = loadConfig(
      {
        NODE_ENV: 'development',
        DATABASE_URL: bed.db.url,
        DATA_DIR: bed.db.dir,
        APP_SECRET: 'bench-only-secret-bench-only-secret-0000',
        DATA_ENCRYPTION_KEY: bed.encryptionKey.toString('base64'),
        LOG_LEVEL: 'warn',
        WITHDRAWAL_MAX_OPEN: '1000000',
      },
      'development',
    );
    const { connect } = await import('../../apps/server/src/db/client.ts');
    const database = connect(bed.db.url);
    const deps = createDeps(config, database);
    await deps.jobs.start();
    let serial = 0;
    const createOne = (i) => {
      serial += 1;
      const w = withdrawers[i % withdrawers.length];
      return extract(deps, userIdOf.get(phones[i % phones.length]), {
        amountFen: 1000,
        channel: 1,
        payeeId: w.payeeId,
        idempotencyKey: `trace-${process.pid}-${serial}`,
      });
    };
    await createOne(0); // warm: prepared plans, pg-boss's first send
    trace.statements = [];
    trace.on = true;
    await createOne(1);
    trace.on = false;
    const one = trace.statements;
    console.log(`\none creation, alone: ${one.length} statements, ${round(one.at(-1).doneAt - one[0].sentAt)} ms`);
    for (const s of one) console.log(`  ${String(round(s.doneAt - s.sentAt, 2)).padStart(6)} ms  ${shortText(s.text)}`);

    console.log(`\n${connections} creations at a time in this process, ${duration} s...`);
    const took = [];
    const until = Date.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, lane) => {
        for (let k = 0; Date.now() < until; k += 1) {
          const start = performance.now();
          await createOne(lane + k * connections);
          took.push(performance.now() - start);
        }
      }),
    );
    took.sort((x, y) => x - y);
    console.log(
      JSON.stringify({
        created: took.length,
        perSecond: round(took.length / duration),
        p50Ms: round(percentile(took, 50) ?? 0),
        p99Ms: round(percentile(took, 99) ?? 0),
      }),
    );
    await deps.jobs.stop();
    await database.close();
  }

  let profile = null;
  if (!skip.has('profile')) {
    console.log('\nprofiling withdrawal creation on a fresh instance without workers...');
    const extractProfiled = extractRequest(withdrawers, 'profile');
    profile = await profiled(
      (nodeArgs) => bed.startServer(nodeArgs, { JOB_WORKERS: 'false' }),
      (server) => load({ url: server.url, connections, duration, requests: [extractProfiled] }),
    );
    console.log(`${profile.reqPerSec} req/s, ${profile.busyMs} ms busy, ${profile.cpuMsPerRequest} ms of server CPU per request`);
    for (const share of profile.shares) console.log(`  ${String(share.percent).padStart(5)} %  ${share.group}`);
    for (const fn of profile.functions) console.log(`  ${String(fn.percent).padStart(5)} %  ${fn.function}`);
  }
  console.log(
    JSON.stringify(
      {
        settings: { durationS: duration, connections, history },
        pgPoint: { reqPerSec: base.reqPerSec, p99Ms: base.p99Ms, cpu: base.cpu },
        withdrawalCreate: {
          reqPerSec: figure.reqPerSec,
          ratio: round(figure.reqPerSec / base.reqPerSec, 3),
          p50Ms: figure.p50Ms,
          p99Ms: figure.p99Ms,
          perInstance: figure.perInstance,
          non2xx: figure.non2xx,
          errors: figure.errors,
          created: createdHttp,
          createdPerSec: round(createdHttp / duration),
          createdRatio: round(createdHttp / duration / base.reqPerSec, 3),
          p99Ratio: round(figure.p99Ms / base.p99Ms, 2),
          database: written,
          cpu: figure.cpu,
        },
        refusal: refusal && {
          answeredPerSec: refusal.reqPerSec,
          ratio: round(refusal.reqPerSec / base.reqPerSec, 3),
          p99Ratio: round(refusal.p99Ms / base.p99Ms, 2),
          non2xx: refusal.non2xx,
          errors: refusal.errors,
          cpu: refusal.cpu,
        },
        pgSettings: Object.fromEntries(walSettings.map((r) => [r.name, r.value])),
        benchPgSettings: process.env.BENCH_PG_SETTINGS ?? '',
      },
      null,
      2,
    ),
  );
} finally {
  await pgPoint?.stop();
  await bed.stop();
}
process.exit(0);
