/** The bench's table: each figure, its budget where docs/design.md "Budgets" sets one, and what produced it. */
import { formatDiagnostics } from './lighthouse.mjs';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const bytes = (n) => `${n.toLocaleString('en-US')} B`;

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const line = (r) => r.map((cell, c) => String(cell).padEnd(widths[c])).join(' | ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows.slice(1)) console.log(line(r));
}

const verdict = (ok) => (ok ? 'within' : 'OVER');

export function printTable(results) {
  const rows = [['figure', 'measured', 'budget', '', 'how']];
  const js = results.h5InitialJs;
  rows.push([
    'H5 entry JS (index.html scripts), gzip',
    kb(js.totalGzipBytes),
    `≤ ${kb(js.budgetGzipBytes)}`,
    verdict(js.totalGzipBytes <= js.budgetGzipBytes),
    'node:zlib level 9 over apps/mobile/dist/h5',
  ]);
  const admin = results.adminInitialJs;
  if (admin?.missing) rows.push(['admin console initial JS, gzip', 'not built', '≤ 300.0 KB', '', admin.missing]);
  else if (admin)
    rows.push([
      'admin console initial JS, gzip',
      kb(admin.totalGzipBytes),
      `≤ ${kb(admin.budgetGzipBytes)}`,
      verdict(admin.totalGzipBytes <= admin.budgetGzipBytes),
      `node:zlib level 9 over the entry and modulepreloads of apps/admin/dist/index.html (${admin.files.length} files)`,
    ]);
  for (const mini of results.miniMainPackages ?? []) {
    if (mini.missing) rows.push([`${mini.target} main package`, 'not built', '', '', mini.missing]);
    else
      rows.push([
        `${mini.target} main package`,
        bytes(mini.bytes),
        `≤ ${bytes(mini.budgetBytes)}`,
        verdict(mini.bytes <= mini.budgetBytes),
        `${mini.files} files of apps/mobile/dist/${mini.target} outside its ${mini.subPackages} subpackages (largest ${kb(mini.largestSubPackageBytes)}, all ${kb(mini.totalBytes)}), uncompressed; the budget is its size before the H5 switch, under the ${kb(mini.ceilingBytes)} ceiling`,
      ]);
  }
  const lh = results.lighthouseBudget;
  for (const page of results.lighthouse ?? []) {
    rows.push([
      `H5 JS loaded by ${page.page}, gzip`,
      kb(page.js.gzipBytes),
      `≤ ${kb(page.js.budgetGzipBytes)}`,
      verdict(page.js.gzipBytes <= page.js.budgetGzipBytes),
      `${page.js.files} scripts the page fetched (Lighthouse network log)`,
    ]);
    rows.push([
      `Lighthouse ${page.page}: score / LCP / TBT`,
      `${page.score} / ${page.lcpMs} ms / ${page.tbtMs} ms`,
      `≥ ${lh.score} (aim ${lh.scoreAim}) / ≤ ${lh.lcpMs} ms / ≤ ${lh.tbtMs} ms`,
      verdict(page.score >= lh.score && page.lcpMs <= lh.lcpMs && page.tbtMs <= lh.tbtMs),
      `lighthouse 12 mobile defaults, median of ${page.runs} (scores ${page.scores.join(', ')}; FCP ${page.fcpMs} ms, CLS ${page.cls}${page.retried?.length ? `; measured again after ${page.retried.join(', ')}` : ''}), ${page.url.replace(/^http:\/\/[^/]+/, '')}`,
    ]);
  }
  const a = results.api;
  if (a) {
    const how = `autocannon -c ${a.autocannon.connections} -d ${a.autocannon.durationS}`;
    const times = (x, base) => `${(x.reqPerSec / base.reqPerSec).toFixed(2)}×`;
    // Each figure against both baselines of the same run: absolute numbers only mean something beside them.
    const ratios = (x) => `${times(x, a.pgPoint)} Fastify+pg, ${times(x, a.hello)} hello`;
    const figure = (x) => `${x.reqPerSec} req/s, p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms`;
    rows.push(['bare Fastify hello (baseline)', figure(a.hello), '', '', how]);
    rows.push(['bare Fastify + pg point select (baseline)', figure(a.pgPoint), '', '', `${how}; ${times(a.pgPoint, a.hello)} hello`]);
    const home = a.publicHome.reqPerSec / a.pgPoint.reqPerSec;
    rows.push([
      'public home calls, 1 instance',
      `${figure(a.publicHome)}; ${ratios(a.publicHome)}`,
      '≥ 1.0× Fastify+pg',
      verdict(home >= 1),
      `${how}, cycling ${a.publicHome.calls.length} GETs`,
    ]);
    rows.push([
      'public home calls, 2 instances, 1 database',
      `${figure(a.publicHomeTwoInstances)}; ${ratios(a.publicHomeTwoInstances)}`,
      '',
      '',
      `two autocannon -c ${Math.floor(a.autocannon.connections / 2)} at once (2 hellos: ${a.helloTwoInstances.reqPerSec} req/s)`,
    ]);
    const list = a.orderList.reqPerSec / a.pgPoint.reqPerSec;
    const listP99 = a.orderList.p99Ms / a.pgPoint.p99Ms;
    rows.push([
      `order list, ${a.orderList.userCards} cards among ${a.orderList.totalCards}`,
      `${figure(a.orderList)}; ${ratios(a.orderList)}, p99 ${listP99.toFixed(2)}× Fastify+pg's`,
      '≥ 0.5× Fastify+pg, p99 ≤ 2× its p99',
      verdict(list >= 0.5 && listP99 <= 2),
      `${how} ${a.orderList.path}; PostgreSQL executes its page statement in ${a.orderList.database.pageMs} ms, the baseline's select in ${a.orderList.database.pointSelectMs} ms (EXPLAIN ANALYZE, median; nodes below)`,
    ]);
    const plain = a.orderList.uncompressed;
    if (plain)
      rows.push([
        'the same order list, answered uncompressed',
        `${figure(plain)}; ${ratios(plain)}, p99 ${(plain.p99Ms / a.pgPoint.p99Ms).toFixed(2)}× Fastify+pg's`,
        '',
        '',
        `the same load right after it with accept-encoding: identity, where the figure above accepts gzip, deflate and br as a browser does and gets br: the difference is what compressing the page costs`,
      ]);
    const w = a.withdrawalCreate;
    const withdrawals = w.reqPerSec / a.pgPoint.reqPerSec;
    const withdrawalP99 = w.p99Ms / a.pgPoint.p99Ms;
    rows.push([
      'withdrawals created, 2 instances',
      `${w.reqPerSec} created/s (${w.created} in ${a.autocannon.durationS} s; ${w.answeredPerSec} answers/s), p50 ${w.p50Ms} ms, p99 ${w.p99Ms} ms; ${times(w, a.pgPoint)} Fastify+pg, p99 ${withdrawalP99.toFixed(2)}× its p99`,
      '≥ 0.2× Fastify+pg, p99 ≤ 10× its p99',
      verdict(withdrawals >= 0.2 && withdrawalP99 <= 10),
      `two autocannon -c ${Math.floor(a.autocannon.connections / 2)} at once, POST /api/cash/extract, ${w.users} users in turn, a new idempotency key each; payouts running; ${w.database?.commitsPerUnit ?? '?'} write transactions and ${w.database?.walKBPerUnit ?? '?'} KB of WAL per withdrawal`,
    ]);
    const cpu = a.profiles?.withdrawalCreate?.cpuMsPerRequest;
    if (cpu !== undefined)
      rows.push([
        'server CPU per withdrawal created',
        cpu === null ? 'none created' : `${cpu} ms`,
        '≤ 5 ms',
        verdict(cpu !== null && cpu <= 5),
        'V8 profile of a fresh instance without job workers under the same load (below)',
      ]);
    rows.push([
      '1000-card batch submit',
      `median ${a.batchSubmit.medianMs} ms, max ${a.batchSubmit.maxMs} ms`,
      'median ≤ 150 ms, max ≤ 300 ms',
      verdict(a.batchSubmit.medianMs <= 150 && a.batchSubmit.maxMs <= 300),
      `${a.batchSubmit.runs} sequential POST /api/order/submit`,
    ]);
    const c = a.credits;
    if (c)
      rows.push([
        'card credits, 2 instances',
        `${c.creditsPerSec} credits/s (${c.credited} of ${c.cards} in ${c.seconds} s), job p50 ${c.jobP50Ms} ms, p99 ${c.jobP99Ms} ms; ledger ${c.ledgerOk ? 'ok' : 'FAILS'}`,
        '≥ 1000 credits/s, ledger ok',
        verdict(c.creditsPerSec >= 1000 && c.credited === c.cards && c.ledgerOk),
        `passed cards of whole orders queued as ${c.cards} card-credit jobs at once, both instances' workers crediting; ${c.commitsPerUnit} write transactions and ${c.walKBPerUnit} KB of WAL per credit${c.queuedBefore ? `; ${c.queuedBefore} earlier card jobs still queued when they were` : ''}${c.cancelled ? `; ${c.cancelled} jobs cancelled at the deadline` : ''}`,
      ]);
  }
  console.log('');
  table(rows);
  for (const page of results.lighthouse ?? []) {
    if (!page.diagnostics) continue;
    console.log(`\nWhy ${page.page} misses a budget (Lighthouse diagnostics of its median run):`);
    console.log(formatDiagnostics(page.diagnostics));
  }
  if (a?.orderList.database.pageTopNodes) {
    const d = a.orderList.database;
    console.log(
      `\nThe order page statement's plan (EXPLAIN (ANALYZE, BUFFERS), median run: ${d.pageMs} ms, planning ${d.pagePlanningMs} ms), nodes by own time:`,
    );
    for (const n of d.pageTopNodes)
      console.log(
        `  ${String(n.selfMs).padStart(8)} ms  ${n.node}, ${n.rows} rows × ${n.loops} loops, shared hit ${n.sharedHit} read ${n.sharedRead}${n.sort ? `, ${n.sort}` : ''}`,
      );
  }
  const costs = [
    ['Fastify + pg point select (baseline)', a?.pgPoint],
    ['order list', a?.orderList],
    ['order list, answered uncompressed', a?.orderList?.uncompressed],
    ['withdrawal created, 2 instances, payouts running', a?.withdrawalCreate],
  ].filter(([, figure]) => figure?.cpu);
  if (costs.length > 0) {
    const { cores } = costs[0][1].cpu;
    console.log(
      `\nWhat a call costs the machine (${cores} cores), ms of CPU per call the kernel accounted to each process group under the figure's load, and the ceiling that cost sets:`,
    );
    for (const [name, { cpu }] of costs)
      console.log(
        `  ${name.padEnd(50)} PostgreSQL ${cpu.postgres}, Maika ${cpu.maika}, baseline server ${cpu.baseline}, load generator ${cpu.loadGenerator}, other ${cpu.other}: ${cpu.total} ms (idle ${cpu.idle}); ${Math.round((cores * 1000) / cpu.total)} a second at most`,
      );
  }
  for (const [name, profile] of Object.entries(a?.profiles ?? {})) {
    console.log(`\nWhere the server's CPU goes, ${name} (V8 profile of a fresh instance under the same load):`);
    const perRequest =
      profile.cpuMsPerRequest === null
        ? 'no request completed'
        : profile.answered === undefined
          ? `${profile.cpuMsPerRequest} ms of server CPU per request`
          : `${profile.cpuMsPerRequest} ms of server CPU per withdrawal created (${profile.requests} created, ${profile.answered} answers)`;
    const pace = profile.reqPerSec === undefined ? `${profile.runs} calls, median ${profile.medianMs} ms` : `${profile.reqPerSec} req/s`;
    console.log(`  ${pace}, ${profile.busyMs} ms busy, ${perRequest}`);
    for (const share of profile.shares) console.log(`  ${String(share.percent).padStart(5)} %  ${share.group}`);
    console.log('  the functions the samples fell in (self time):');
    for (const fn of profile.functions ?? []) console.log(`  ${String(fn.percent).padStart(5)} %  ${fn.function}`);
  }
}
