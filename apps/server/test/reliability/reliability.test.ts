/**
 * Money under faults: thousands of random concurrent operations (RELIABILITY_OPS; a few hundred
 * by default so `npm test` stays short, `npm run test:reliability` runs the full count) against
 * TWO server processes and a worker process sharing one PostgreSQL, while servers and the worker
 * are killed with SIGKILL at random points and restarted. Afterwards every invariant must hold.
 * RELIABILITY_SEED replays a run's choice of operations; a failure prints it.
 */
import { randomInt } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/deps';
import { encrypt } from '../../src/lib/crypto';
import { createAdmin } from '../console';
import { enrolSession } from '../twoFactor';
import { simChannelSecret } from '../../src/providers/channel';
import { createTestDatabase, testConfig } from '../harness';
import { call, httpErrors, newAcknowledged, seededRandom } from './client';
import { serverProcess, workerProcess, type ManagedProcess } from './cluster';
import {
  cardsCreditedTwice,
  databaseSessions,
  jobsOfUnfinished,
  ledgerViolations,
  lostWrites,
  unfinished,
  withdrawalsPaidTwice,
} from './invariants';
import { deliverVerdict, randomOperation, type RunUser, type World } from './operations';

const OPS = Number(process.env.RELIABILITY_OPS ?? 200);
const SEED = Number(process.env.RELIABILITY_SEED ?? randomInt(2 ** 31));
const CONCURRENCY = 8;
const USERS = 12;
const KILLS = Math.max(1, Math.round(OPS / 500));
const label = `RELIABILITY_SEED=${SEED} RELIABILITY_OPS=${OPS}`;
/** The sweeps run every 2 s and take work left for 5 s (a minute each in production), so recovery is no wait of minutes. */
const SWEEP_INTERVAL_SECONDS = 2;
const CARD_REQUEUE_AFTER_SECONDS = 5;
const CHANNEL_POLL_AFTER_SECONDS = 5;
/** pg-boss's default polling: a worker takes a sweep job within this once it is sent. */
const JOB_POLLING_SECONDS = 2;
/**
 * One round of recovery: work whose job died with a killed process (a credit, a hand-over, a verdict
 * whose callback was lost) first sits out its age (the verdict poll's or the re-queue's), then the
 * sweep's job is sent within an interval (two when a tick falls at the edge of its throttle slot),
 * taken within pg-boss's polling, and the job it queues again runs within a second.
 */
const RECOVERY_ROUND_SECONDS =
  Math.max(CARD_REQUEUE_AFTER_SECONDS, CHANNEL_POLL_AFTER_SECONDS) + 2 * SWEEP_INTERVAL_SECONDS + JOB_POLLING_SECONDS + 1;
/**
 * How long recovery may take after the run: two rounds, as a card can lose two jobs in a row (a
 * server and the worker killed one after the other), and four times that so a loaded machine still
 * finishes. A bound, not a timing claim: a passing run stops waiting as soon as everything is done.
 */
const RECOVERY_BOUND_MS = 4 * 2 * RECOVERY_ROUND_SECONDS * 1000;

const { url, database } = await createTestDatabase();
const config = testConfig();
const deps = createDeps(config, database);
const shared: Record<string, string> = {
  DATABASE_URL: url,
  DATA_DIR: config.dataDir,
  APP_SECRET: config.appSecret,
  DATA_ENCRYPTION_KEY: config.dataEncryptionKey.toString('base64'),
  LOG_LEVEL: 'warn',
  SMS_PHONE_DAILY_LIMIT: '1000',
  SMS_IP_DAILY_LIMIT: '100000',
  SMS_GLOBAL_HOURLY_LIMIT: '100000',
  TOKEN_NETWORK_HOURLY_LIMIT: '100000',
  WITHDRAWAL_MAX_OPEN: '1000',
  // One operator makes every adjustment of the run; what one operator may credit alone has its own tests.
  ADJUSTMENT_SECOND_APPROVAL_FEN: '100000000',
  CHANNEL_SIM_DELAY_MS: '200',
  CHANNEL_POLL_AFTER_SECONDS: String(CHANNEL_POLL_AFTER_SECONDS),
  CARD_REQUEUE_AFTER_SECONDS: String(CARD_REQUEUE_AFTER_SECONDS),
  SWEEP_INTERVAL_SECONDS: String(SWEEP_INTERVAL_SECONDS),
  PAYOUT_SIM_DELAY_MS: '150',
  PAYOUT_RECHECK_SECONDS: '1',
};
// Each process answers payouts its own way, so every outcome happens: paid, refused, paid later.
const servers: ManagedProcess[] = [
  await serverProcess('server A', { ...shared, PAYOUT_SIM_OUTCOME: 'paid' }),
  await serverProcess('server B', { ...shared, PAYOUT_SIM_OUTCOME: 'failed' }),
];
const worker = workerProcess({ ...shared, PAYOUT_SIM_OUTCOME: 'processing' });
const everyProcess = [...servers, worker];
const rng = seededRandom(SEED);
const pool = database.pool;

afterAll(async () => {
  await Promise.all(everyProcess.map((p) => p.kill()));
});

async function setUpWorld(): Promise<World> {
  await pool.query(`insert into settings (key, value) values ('foundation', '{"rebateRateBp": 500}')
    on conflict (key) do update set value = settings.value || '{"rebateRateBp": 500}'`);
  const {
    rows: [category],
  } = await pool.query(`insert into categories (name) values ('Reliability') returning id`);
  const {
    rows: [type],
  } = await pool.query(
    `insert into card_types (category_id, name, card_no_rule_type, card_no_length, needs_card_no, pwd_rule_type, pwd_length, physical)
     values ($1, 'Reliability card', 1, 16, true, 1, null, false) returning id`,
    [category.id],
  );
  await pool.query(
    'insert into face_values (card_type_id, face_value_fen, rate_bp) values ($1, 10000, 9500), ($1, 5000, 9000), ($1, 20000, 9600)',
    [type.id],
  );
  await createAdmin(deps, 'reliability', 'admin', 'reliability password 1');
  const base = servers[0]!.url;
  const admin = await call(base, 'POST', '/api/admin/login', { body: { username: 'reliability', password: 'reliability password 1' } });
  await enrolSession((method, url, body) => call(base, method, url, { admin: admin!.data.token, body }) as never);
  const users: RunUser[] = [];
  for (let i = 0; i < USERS; i += 1) {
    // Everyone after the first two was invited by one of them, so credits pay rebates.
    const inviter = i >= 2 ? users[i % 2] : undefined;
    users.push(await newUser(base, `1370000${String(i).padStart(4, '0')}`, inviter));
  }
  return {
    servers,
    rng,
    pool,
    adminToken: admin!.data.token,
    users,
    goodsId: Number(type.id),
    channelSecret: simChannelSecret(config),
    acked: newAcknowledged(),
  };
}

async function newUser(base: string, phone: string, inviter?: RunUser): Promise<RunUser> {
  const device = `reliability-${phone}`;
  const sent = await call(base, 'POST', '/api/Authentication/getLoginSms', { device, body: { phone } });
  expect(sent?.code, sent?.msg).toBe(200);
  const {
    rows: [sms],
  } = await pool.query('select code from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
  const p = inviter
    ? (await call(base, 'GET', '/api/share/getInfo', { token: inviter.token, device: inviter.device }))!.data.inviteCode
    : undefined;
  const login = await call(base, 'POST', '/api/Authentication/smsLogin', { device, body: { phone, code: sms.code, ...(p ? { p } : {}) } });
  expect(login?.code, login?.msg).toBe(200);
  const token = login!.data.token as string;
  const {
    rows: [user],
  } = await pool.query('select id from users where phone = $1', [phone]);
  const key = config.dataEncryptionKey;
  await pool.query('update users set real_name_enc = $1, id_num_enc = $2, id_num_masked = $3 where id = $4', [
    encrypt(key, '张三丰'),
    encrypt(key, '110101199003077777'),
    '110***********7777',
    user.id,
  ]);
  const payee = await call(base, 'POST', '/api/user/savePayee', { token, device, body: { channel: 1, account: phone } });
  expect(payee?.code, payee?.msg).toBe(200);
  return { id: Number(user.id), token, device, payeeId: payee!.data.payee.id };
}

/** Op indices at which a process is killed; it is restarted at once, in the background. */
function killPlan(): Map<number, ManagedProcess> {
  const plan = new Map<number, ManagedProcess>();
  for (let k = 0; k < KILLS; k += 1) {
    plan.set(rng.int(Math.floor(OPS * 0.1), Math.floor(OPS * 0.8)), rng.pick(servers));
    plan.set(rng.int(Math.floor(OPS * 0.1), Math.floor(OPS * 0.8)), worker);
  }
  return plan;
}

async function runOperations(world: World): Promise<void> {
  const plan = killPlan();
  const restarts: Promise<void>[] = [];
  let next = 0;
  const lane = async () => {
    for (let op = next++; op < OPS; op = next++) {
      const victim = plan.get(op);
      // One process down at a time, so a server always answers.
      if (victim && everyProcess.every((p) => p.ready())) {
        await victim.kill();
        const restart = victim.start();
        restart.catch(() => undefined); // reported where it is awaited below
        restarts.push(restart);
      }
      await randomOperation(world);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  await Promise.all(restarts);
}

/** The supplier re-delivers every verdict once more (callbacks a killed server never sent). */
async function redeliverAll(world: World): Promise<void> {
  const { rows } = await pool.query<{ id: string; order_id: string; line_no: number }>(
    `select id, order_id, line_no from (
       select id, order_id, status, row_number() over (partition by order_id order by line_no, id) - 1 as line_no from cards) c
     where status = 0`,
  );
  for (const row of rows) {
    const card = world.acked.orders.get(Number(row.order_id))?.[Number(row.line_no)];
    if (card) await deliverVerdict(world, Number(row.id), card, false);
  }
}

describe(`money under faults (${label})`, () => {
  let world: World;

  beforeAll(async () => {
    await Promise.all([...servers, worker].map((p) => p.start()));
    world = await setUpWorld();
  }, 180_000);

  it(
    'keeps every invariant through random operations and kill -9 of servers and the worker',
    async () => {
      console.log(`reliability run: ${label}`);
      const phases: string[] = [];
      let since = Date.now();
      const phase = (name: string) => {
        phases.push(`${name} ${((Date.now() - since) / 1000).toFixed(1)} s`);
        since = Date.now();
      };
      await runOperations(world);
      phase('operations');
      await redeliverAll(world);
      // Recovery after the last kill: every card reaches a verdict and credit, every payout an end.
      const deadline = Date.now() + RECOVERY_BOUND_MS;
      for (let waited = 1; (await unfinished(pool)).length > 0 && Date.now() < deadline; waited += 1) {
        if (waited % 50 === 0) await redeliverAll(world);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const stalled = await unfinished(pool);
      if (stalled.length) {
        console.log(`${label}: jobs of unfinished work\n${(await jobsOfUnfinished(pool)).join('\n')}`);
        console.log(`${label}: database sessions\n${(await databaseSessions(pool)).join('\n')}`);
        console.log(`${label}: worker output\n${worker.output().split('\n').slice(-30).join('\n')}`);
      }
      phase('recovery');
      const jobErrors = worker
        .output()
        .split('\n')
        .filter((l) => l.startsWith('job error'));
      if (jobErrors.length)
        console.log(`${label}: ${jobErrors.length} job errors in the worker, the last: ${jobErrors.slice(-5).join(' | ')}`);
      const acked = world.acked;
      const serverLogs = () =>
        everyProcess
          .map(
            (p) =>
              `--- ${p.name}\n${p
                .output()
                .split('\n')
                .filter((l) => /"level":(50|60)|Error/.test(l))
                .slice(-20)
                .join('\n')}`,
          )
          .join('\n');
      expect(acked.orders.size + acked.withdrawals.size, `${label}: nothing was acknowledged`).toBeGreaterThan(0);
      expect(await ledgerViolations(database.db), label).toEqual([]);
      expect(await cardsCreditedTwice(pool), label).toEqual([]);
      expect(await withdrawalsPaidTwice(pool), label).toEqual([]);
      expect(await lostWrites(pool, acked), label).toEqual([]);
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../src/cli/ledgerCheck.ts', import.meta.url))],
        {
          env: { ...process.env, ...shared },
          encoding: 'utf8',
        },
      );
      expect(cli.status, `${label}: npm run ledger:check said\n${cli.stdout}${cli.stderr}`).toBe(0);
      phase('checks');
      // Last, so a server error or a slow recovery still has the money checked above.
      expect(httpErrors, `${label}\n${serverLogs()}`).toEqual([]);
      expect(stalled.slice(0, 20), `${label}: still unfinished ${RECOVERY_BOUND_MS / 1000} s after the run`).toEqual([]);
      const {
        rows: [summary],
      } = await pool.query(
        `select (select count(*) from cards)::int as cards, (select count(*) from cards where settlement_status = 2)::int as credited,
              (select count(*) from withdrawals where status = 1)::int as paid, (select count(*) from withdrawals where status = 2)::int as failed,
              (select count(*) from rebates)::int as rebates,
              (select json_object_agg(coalesce(reason, '-'), n) from (select coalesce(fail_reason_key, fail_reason) as reason, count(*)::int as n from withdrawals group by 1) r) as "failReasons"`,
      );
      console.log(
        `reliability run passed: ${label}; ${acked.orders.size} orders, ${acked.withdrawals.size} withdrawals, ${acked.adjustments.size} adjustments acknowledged; ${JSON.stringify(summary)}; ${phases.join(', ')}`,
      );
    },
    OPS * 400 + RECOVERY_BOUND_MS + 120_000,
  );
});
