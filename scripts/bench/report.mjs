/** The bench's table: each figure, its budget where docs/design.md "Budgets" sets one, and what produced it. */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

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
    'H5 initial JS (index.html scripts), gzip',
    kb(js.totalGzipBytes),
    kb(js.budgetGzipBytes),
    verdict(js.totalGzipBytes <= js.budgetGzipBytes),
    'node:zlib level 9 over apps/mobile/dist/h5',
  ]);
  const admin = results.adminInitialJs;
  if (admin?.missing) rows.push(['admin console initial JS, gzip', 'not built', '300.0 KB', '', admin.missing]);
  else if (admin)
    rows.push([
      'admin console initial JS, gzip',
      kb(admin.totalGzipBytes),
      kb(admin.budgetGzipBytes),
      verdict(admin.totalGzipBytes <= admin.budgetGzipBytes),
      `node:zlib level 9 over the entry and modulepreloads of apps/admin/dist/index.html (${admin.files.length} files)`,
    ]);
  for (const mini of results.miniMainPackages ?? []) {
    if (mini.missing) rows.push([`${mini.target} main package`, 'not built', '1536.0 KB', '', mini.missing]);
    else
      rows.push([
        `${mini.target} main package`,
        kb(mini.bytes),
        kb(mini.budgetBytes),
        verdict(mini.bytes <= mini.budgetBytes),
        `${mini.files} files of apps/mobile/dist/${mini.target} outside its ${mini.subPackages} subpackages (largest ${kb(mini.largestSubPackageBytes)}, all ${kb(mini.totalBytes)}), uncompressed`,
      ]);
  }
  for (const page of results.lighthouse ?? []) {
    rows.push([
      `H5 JS loaded by ${page.page}, gzip`,
      kb(page.js.gzipBytes),
      kb(js.budgetGzipBytes),
      verdict(page.js.gzipBytes <= js.budgetGzipBytes),
      `${page.js.files} scripts the page fetched (Lighthouse network log)`,
    ]);
    rows.push([
      `Lighthouse ${page.page}: score / LCP / TBT`,
      `${page.score} / ${page.lcpMs} ms / ${page.tbtMs} ms`,
      '≥ 95',
      verdict(page.score >= 95),
      `lighthouse 12 mobile defaults, ${page.url.replace(/^http:\/\/[^/]+/, '')}`,
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
      `${how} ${a.orderList.path}; PostgreSQL executes its page statement in ${a.orderList.database.pageMs} ms, the baseline's select in ${a.orderList.database.pointSelectMs} ms (EXPLAIN ANALYZE, median)`,
    ]);
    const w = a.withdrawalCreate;
    rows.push([
      'withdrawal creation, 2 instances',
      `${figure(w)}, ${w.created} created; ${ratios(w)}`,
      '≥ 500 req/s',
      verdict(w.reqPerSec >= 500),
      `two autocannon -c ${Math.floor(a.autocannon.connections / 2)} at once, POST /api/cash/extract, ${w.users} users in turn, a new idempotency key each`,
    ]);
    rows.push([
      '1000-card batch submit',
      `median ${a.batchSubmit.medianMs} ms, max ${a.batchSubmit.maxMs} ms`,
      '≤ 500 ms',
      verdict(a.batchSubmit.maxMs <= 500),
      `${a.batchSubmit.runs} sequential POST /api/order/submit`,
    ]);
  }
  console.log('');
  table(rows);
  for (const [name, profile] of Object.entries(a?.profiles ?? {})) {
    console.log(`\nWhere the server's CPU goes, ${name} (V8 profile of a fresh instance under the same load):`);
    const perRequest =
      profile.cpuMsPerRequest === null ? 'no request completed' : `${profile.cpuMsPerRequest} ms of server CPU per request`;
    const pace = profile.reqPerSec === undefined ? `${profile.runs} calls, median ${profile.medianMs} ms` : `${profile.reqPerSec} req/s`;
    console.log(`  ${pace}, ${profile.busyMs} ms busy, ${perRequest}`);
    for (const share of profile.shares) console.log(`  ${String(share.percent).padStart(5)} %  ${share.group}`);
    console.log('  the functions the samples fell in (self time):');
    for (const fn of profile.functions ?? []) console.log(`  ${String(fn.percent).padStart(5)} %  ${fn.function}`);
  }
}
