/**
 * The API figures of docs/design.md "Budgets", each beside two baselines measured with the same autocannon
 * parameters in the same run, a bare Fastify "hello" and a bare Fastify + `pg` point select on the
 * same database: public home data (one and two instances), a user's order list among 1M cards,
 * withdrawal creation on two instances, a 1000-card batch submit, and card credits (credits.mjs).
 */
import { randomBytes } from 'node:crypto';
import { encrypt } from '../../apps/server/src/lib/crypto.ts';
import { orderPageQuery } from '../../apps/server/src/modules/cards/repo.ts';
import { creditUser, LedgerReason } from '../../apps/server/src/modules/ledger/service.ts';
import { api, expectOk, load, loadTogether, timeCalls } from './api.mjs';
import { creditFigure } from './credits.mjs';
import { withCpu } from './cpuSplit.mjs';
import { dbCounters, perUnit } from './dbCounters.mjs';
import { startHello, startPgPoint } from './processes.mjs';
import { profiled } from './profile.mjs';
import { seedCards } from './seedCards.ts';

export const WITHDRAWERS = 50;
const HOME_CALLS = [
  '/api/Basis/getChart?position=1',
  '/api/Basis/getNotice',
  '/api/Basis/getBroadcast',
  '/api/Basis/getFoundation',
  '/api/goods/getClassList',
];

export async function logIn(server, pool, phone) {
  await expectOk(server.url, 'POST', '/api/Authentication/getLoginSms', { body: { phone } });
  const { rows } = await pool.query('select code from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
  return (await expectOk(server.url, 'POST', '/api/Authentication/smsLogin', { body: { phone, code: rows[0].code } })).token;
}

/** What readyToWithdraw credits each withdrawer: enough for every run of a load. */
export const WITHDRAWER_BALANCE_FEN = 1_000_000_000;

/** Real name, an Alipay payee and a large balance, as a user who sold many cards has. */
export async function readyToWithdraw(server, db, encryptionKey, phone) {
  const token = await logIn(server, db.database.pool, phone);
  const { rows } = await db.database.pool.query('select id from users where phone = $1', [phone]);
  const userId = Number(rows[0].id);
  await db.database.pool.query(
    'update users set real_name_enc = $1, id_num_enc = $2, id_num_masked = $3, real_name_verified_at = now() where id = $4',
    [encrypt(encryptionKey, '张三丰'), encrypt(encryptionKey, '110101199003077777'), '110***********7777', userId],
  );
  await db.database.db.transaction((tx) =>
    creditUser(tx, {
      key: `bench:balance:${userId}`,
      userId,
      amountFen: WITHDRAWER_BALANCE_FEN,
      reason: LedgerReason.CardSettlement,
      ref: 'bench',
      from: 'platform_clearing',
    }),
  );
  const payeeId = (await expectOk(server.url, 'POST', '/api/user/savePayee', { token, body: { channel: 1, account: phone } })).payee.id;
  return { token, payeeId };
}

/** Phones of seeded users other than the order-list user. */
export const otherPhones = (count) => Array.from({ length: count }, (_, i) => `150${String(i + 2).padStart(8, '0')}`);

function batchOfCards(run) {
  const prefix = `${run}`.padStart(3, '0');
  return Array.from({ length: 1000 }, (_, i) => ({
    cardNo: `69${prefix}${String(i).padStart(11, '0')}`,
    cardPwd: `${prefix}${randomBytes(4).readUInt32BE(0)}${String(i).padStart(4, '0')}`,
  }));
}

const getRequests = (paths) => paths.map((path) => ({ method: 'GET', path }));

async function publicFigures({ servers, hello, pgPoint, connections, duration, log }) {
  for (const path of HOME_CALLS) await expectOk(servers[0].url, 'GET', path);
  log('hello baseline...');
  const helloFigure = await load({ url: hello.url, connections, duration });
  log('Fastify + pg point-select baseline...');
  const pgPointFigure = await withCpu(() => load({ url: pgPoint.url, connections, duration }));
  log('public home calls, one instance...');
  const publicHome = {
    calls: HOME_CALLS,
    ...(await load({ url: servers[0].url, connections, duration, requests: getRequests(HOME_CALLS) })),
  };
  log('public home calls, two instances on one database...');
  const half = Math.max(1, Math.floor(connections / 2));
  const publicHomeTwoInstances = {
    calls: HOME_CALLS,
    ...(await loadTogether(servers.map((s) => ({ url: s.url, connections: half, duration, requests: getRequests(HOME_CALLS) })))),
  };
  log('hello baseline, two instances...');
  const hello2 = await startHello();
  const helloTwoInstances = await loadTogether([hello, hello2].map((h) => ({ url: h.url, connections: half, duration })));
  await hello2.stop();
  return { hello: helloFigure, pgPoint: pgPointFigure, publicHome, publicHomeTwoInstances, helloTwoInstances };
}

/**
 * A withdrawal load's figure counting created withdrawals as its requests, so CPU per request
 * (profile.mjs, cpuSplit.mjs) is CPU per withdrawal created; the answers, refusals included, stay
 * as `answered`.
 */
export async function createdUnder(pool, run) {
  const count = async () => Number((await pool.query('select count(*) from withdrawals')).rows[0].count);
  const before = await count();
  const figure = await run();
  return { ...figure, answered: figure.requests, requests: (await count()) - before };
}

/** A withdrawal's body for POST /api/cash/extract: `withdrawer` (readyToWithdraw's answer) to its Alipay payee. */
export const extractBody = (withdrawer, idempotencyKey, amountFen = 1000) => ({
  amountFen,
  channel: 1,
  payeeId: withdrawer.payeeId,
  idempotencyKey,
});

/** POST /api/cash/extract by each withdrawer in turn, a new idempotency key each; `amountFen` 1000 unless told. */
export function extractRequest(withdrawers, run, { amountFen = 1000 } = {}) {
  let serial = 0;
  return {
    method: 'POST',
    path: '/api/cash/extract',
    setupRequest: (request) => {
      serial += 1;
      const user = withdrawers[serial % withdrawers.length];
      return {
        ...request,
        headers: { ...request.headers, token: user.token, 'content-type': 'application/json' },
        body: JSON.stringify(extractBody(user, `bench-${process.pid}-${run}-${serial}`, amountFen)),
      };
    },
  };
}

/** The tables a withdrawal's decision (maika_extract) reads or writes, and the queue its payout job joins. */
const WITHDRAWAL_TABLES = [
  'users',
  'payees',
  'withdrawal_channels',
  'settings',
  'ledger_accounts',
  'ledger_transfers',
  'ledger_platform_deltas',
  'withdrawals',
  'withdrawal_open_counts',
  'automatic_payout_user_days',
  'pgboss.job',
];

/**
 * Withdrawals as a running service has them: a short load, then ANALYZE of the tables it wrote, as
 * autovacuum keeps them. Measured on tables that were nearly empty when the instances first ran
 * maika_extract, the plans PL/pgSQL keeps per connection were made without statistics: the
 * idempotency key's lookup read all the user's withdrawals through withdrawals_user_idx (user, id)
 * instead of the one row of withdrawals_user_key (user, key), a read that grew with every
 * withdrawal of the load, until an ANALYZE, which replaces the plans, happened to run.
 */
export async function settleWithdrawals({ servers, pool, withdrawers, connections, log }) {
  log('withdrawals for 2 s before the figure, then ANALYZE of the tables they wrote...');
  const perServer = Math.max(1, Math.floor(connections / servers.length));
  const warm = extractRequest(withdrawers, 'settle');
  await loadTogether(servers.map((s) => ({ url: s.url, connections: perServer, duration: 2, requests: [warm] })));
  await pool.query(`analyze ${WITHDRAWAL_TABLES.join(', ')}`);
}

/**
 * Withdrawals created a second: only created rows count (a refusal answers HTTP 200 too, and would
 * flatter the figure), with what the database wrote per creation while the instances' workers
 * also paid out (write transactions each flush the WAL at commit).
 */
async function withdrawalFigure({ servers, db, withdrawers, connections, duration, log }) {
  // One user's withdrawals queue on that user's balance lock by design; many users withdraw at once.
  const extract = extractRequest(withdrawers, 'figure');
  log(`withdrawal creation by ${WITHDRAWERS} users on ${servers.length} instances...`);
  const counters = await dbCounters(db.database.pool);
  const perServer = Math.max(1, Math.floor(connections / servers.length));
  const figure = await withCpu(() =>
    createdUnder(db.database.pool, () =>
      loadTogether(servers.map((s) => ({ url: s.url, connections: perServer, duration, requests: [extract] }))),
    ),
  );
  const created = figure.requests;
  return {
    path: '/api/cash/extract',
    users: WITHDRAWERS,
    instances: servers.length,
    ...figure,
    answeredPerSec: figure.reqPerSec,
    reqPerSec: Math.round(created / duration),
    created,
    database: perUnit(counters, await dbCounters(db.database.pool), created),
  };
}

async function batchSubmitFigure({ server, token, goodsId, log, first = 0 }) {
  log('1000-card batch submit, 7 runs...');
  const submit = (cards, idempotencyKey) =>
    api(server.url, 'POST', '/api/order/submit', { token, body: { goodsId, faceValueFen: 10_000, cards, idempotencyKey, agree: true } });
  const warmUp = await submit(batchOfCards(999 - first).slice(0, 10), `bench-warm-up-${first}`);
  if (warmUp.code !== 200) throw new Error(`submit answered ${warmUp.code}: ${warmUp.msg}`);
  const timed = await timeCalls(7, (run) => submit(batchOfCards(first + run), `bench-batch-${first + run}`));
  return { path: '/api/order/submit', cards: 1000, requests: timed.runs, ...timed };
}

/**
 * The nodes of an EXPLAIN (ANALYZE, BUFFERS) plan that took the most time of their own (their time
 * minus their children's, over all loops), with the buffers they touched: what a slow statement
 * spends its time on.
 */
function topNodes(plan, top = 6) {
  const nodes = [];
  const walk = (node) => {
    const children = node.Plans ?? [];
    const total = node['Actual Total Time'] * node['Actual Loops'];
    const childTotal = children.reduce((sum, c) => sum + c['Actual Total Time'] * c['Actual Loops'], 0);
    const on = node['Index Name'] ?? node['Relation Name'] ?? node['CTE Name'] ?? node['Subplan Name'] ?? '';
    nodes.push({
      node: `${node['Node Type']}${on ? ` on ${on}` : ''}`,
      selfMs: Math.round(Math.max(0, total - childTotal) * 1000) / 1000,
      rows: node['Actual Rows'],
      loops: node['Actual Loops'],
      sharedHit: node['Shared Hit Blocks'],
      sharedRead: node['Shared Read Blocks'],
      ...(node['Sort Method'] ? { sort: node['Sort Method'] } : {}),
    });
    children.forEach(walk);
  };
  walk(plan.Plan);
  return nodes.sort((a, b) => b.selfMs - a.selfMs).slice(0, top);
}

/**
 * The database's share of an order-list call: PostgreSQL's own execution time (EXPLAIN ANALYZE, no
 * network) of the page statement the server sends, beside the baseline's point select, medians of
 * sequential runs on the otherwise idle database; and for the page statement, the plan nodes of the
 * median run with their buffers (EXPLAIN (ANALYZE, BUFFERS)).
 */
async function pageQueryCost(pool, phone) {
  const { rows } = await pool.query('select id from users where phone = $1', [phone]);
  const userId = Number(rows[0].id);
  const explained = async (text, values) => {
    const plans = [];
    for (let i = 0; i < 50; i += 1) {
      const { rows: plan } = await pool.query({ text: `explain (analyze, buffers, format json) ${text}`, values });
      plans.push(plan[0]['QUERY PLAN'][0]);
    }
    const median = plans.sort((x, y) => x['Execution Time'] - y['Execution Time'])[25];
    return { ms: Math.round(median['Execution Time'] * 1000) / 1000, plan: median };
  };
  const page = orderPageQuery(userId, null, 10, 0, 'zh-CN');
  const pageCost = await explained(page.text, page.values);
  const point = await explained('select id, phone, created_at from users where id = $1', [userId]);
  return {
    pageMs: pageCost.ms,
    pointSelectMs: point.ms,
    pagePlanningMs: Math.round(pageCost.plan['Planning Time'] * 1000) / 1000,
    pageTopNodes: topNodes(pageCost.plan),
  };
}

async function profiles({ startServer, token, listPath, connections, duration, log }) {
  log('profiling the public home calls on a fresh instance...');
  const publicHome = await profiled(startServer, async (server) => {
    for (const path of HOME_CALLS) await expectOk(server.url, 'GET', path);
    return load({ url: server.url, connections, duration, requests: getRequests(HOME_CALLS) });
  });
  log('profiling the order list on a fresh instance...');
  const orderList = await profiled(startServer, (server) =>
    load({ url: server.url, connections, duration, headers: { token }, requests: getRequests([listPath]) }),
  );
  return { publicHome, orderList };
}

export async function measureApi({ bed, settings, profile, log }) {
  const { servers, db, encryptionKey, startServer } = bed;
  const { durationS: duration, connections } = settings;
  const [first] = servers;
  const hello = await startHello();
  let pgPoint = null;
  try {
    log(`seeding ${settings.cards} cards (generate_series)...`);
    const seed = await seedCards(db.url, { cards: settings.cards, encryptionKey });
    log(`  ${seed.cards} cards in ${seed.seconds} s`);
    pgPoint = await startPgPoint(db.url);
    const token = await logIn(first, db.database.pool, seed.targetPhone);
    const out = {
      autocannon: { connections, durationS: duration },
      seed,
      ...(await publicFigures({ servers, hello, pgPoint, connections, duration, log })),
    };

    const listPath = '/api/order/list?status=999&page=1&pageSize=10';
    const listed = await expectOk(first.url, 'GET', listPath, { token });
    log(`order list of a user with ${listed.total} orders (${seed.targetCards} cards)...`);
    const listLoad = (headers = {}) =>
      withCpu(() => load({ url: first.url, connections, duration, headers: { token, ...headers }, requests: getRequests([listPath]) }));
    const list = await listLoad();
    // The same load asking for the answer as it is: what compressing the page costs a call, apart.
    const uncompressed = await listLoad({ 'accept-encoding': 'identity' });
    out.orderList = {
      path: listPath,
      userOrders: listed.total,
      userCards: seed.targetCards,
      totalCards: seed.cards,
      ...list,
      uncompressed,
      database: await pageQueryCost(db.database.pool, seed.targetPhone),
    };
    // Before withdrawals and batches: their payouts and card checks would run in the profiled process too.
    if (profile) out.profiles = await profiles({ startServer, token, listPath, connections, duration, log });

    const withdrawers = [];
    for (const phone of otherPhones(WITHDRAWERS)) withdrawers.push(await readyToWithdraw(first, db, encryptionKey, phone));
    await settleWithdrawals({ servers, pool: db.database.pool, withdrawers, connections, log });
    out.withdrawalCreate = await withdrawalFigure({ servers, db, withdrawers, connections, duration, log });
    out.batchSubmit = await batchSubmitFigure({ server: first, token, goodsId: seed.cardTypeId, log });
    out.credits = await creditFigure({ bed, targetPhone: seed.targetPhone, log });
    if (profile) {
      // With no job workers: the profile is of creation alone, not of the payouts the others run.
      log('profiling withdrawal creation on a fresh instance without job workers...');
      const extract = extractRequest(withdrawers, 'profile');
      out.profiles.withdrawalCreate = await profiled(
        (nodeArgs) => startServer(nodeArgs, { JOB_WORKERS: 'false' }),
        (server) => createdUnder(db.database.pool, () => load({ url: server.url, connections, duration, requests: [extract] })),
      );
      // Its card checks run in this fresh instance too, as in any instance.
      log('profiling the 1000-card batch submit on a fresh instance...');
      out.profiles.batchSubmit = await profiled(startServer, (server) =>
        batchSubmitFigure({ server, token, goodsId: seed.cardTypeId, log, first: 100 }),
      );
    }
    return out;
  } finally {
    await hello.stop();
    await pgPoint?.stop();
  }
}
