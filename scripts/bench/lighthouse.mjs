/**
 * Lighthouse (default mobile settings: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown)
 * against each tab page the server serves, in Debian's Chromium through chrome-launcher.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** docs/design.md "Budgets" for each tab page: the score (whose aim stays 95), TBT and LCP. */
export const lighthouseBudget = { score: 90, scoreAim: 95, tbtMs: 300, lcpMs: 2500 };

/** Whether a page's medians keep every Lighthouse budget. */
export const withinLighthouseBudget = (page) =>
  page.score >= lighthouseBudget.score && page.tbtMs <= lighthouseBudget.tbtMs && page.lcpMs <= lighthouseBudget.lcpMs;

/** The Chromium Lighthouse drives; the caller kills it when done. */
export const launchChromium = () => chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });

/**
 * One page measured in a Chromium already running on `port`: the figures the bench reports, and
 * Lighthouse's whole result for whoever reads its diagnostics. An audit without a value (a page
 * that failed to paint) reads as NaN, so one broken page does not stop a run of many.
 */
export async function lighthousePage(port, url) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const summary = {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    scriptUrls: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
    runtimeError: lhr.runtimeError?.message,
  };
  return { summary, lhr };
}

/**
 * What Lighthouse says makes a page's TBT and LCP: script evaluation per script (bootup-time), the
 * main thread's work by kind, the long tasks, the LCP element and its phases, render-blocking
 * resources, and every request with its size and timing. URLs lose `origin` so they read as paths.
 */
export function diagnostics(lhr, origin = '') {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const path = (url) => String(url ?? '').replace(origin, '');
  const lcpElement = items('largest-contentful-paint-element');
  return {
    bootup: items('bootup-time')
      .slice(0, 8)
      .map((i) => ({
        url: path(i.url),
        totalMs: Math.round(i.total),
        scriptingMs: Math.round(i.scripting),
        parseMs: Math.round(i.scriptParseCompile),
      })),
    mainThread: items('mainthread-work-breakdown').map((i) => ({ group: i.group, ms: Math.round(i.duration) })),
    longTasks: items('long-tasks')
      .slice(0, 10)
      .map((i) => ({ url: path(i.url), startMs: Math.round(i.startTime), ms: Math.round(i.duration) })),
    // The audit's first table names the element, its second the phases (TTFB, load delay and time, render delay).
    lcpElement: lcpElement[0]?.items?.map((x) => x.node?.selector ?? x.node?.snippet).filter(Boolean)[0] ?? null,
    lcpPhases: (lcpElement[1]?.items ?? []).filter((x) => x.phase).map((x) => ({ phase: x.phase, ms: Math.round(x.timing) })),
    renderBlocking: items('render-blocking-resources').map((i) => ({ url: path(i.url), wastedMs: Math.round(i.wastedMs) })),
    requests: items('network-requests').map((r) => ({
      url: path(r.url).slice(0, 80),
      type: r.resourceType,
      kb: Math.round(r.transferSize / 102.4) / 10,
      startMs: Math.round(r.networkRequestTime ?? r.startTime ?? 0),
      endMs: Math.round(r.networkEndTime ?? r.endTime ?? 0),
    })),
  };
}

/** Diagnostics as a few lines of text, for the bench's output. */
export function formatDiagnostics(d) {
  const pairs = (list, format) => list.map(format).join(', ');
  return [
    `  bootup (total/scripting/parse ms): ${pairs(d.bootup, (b) => `${b.url} ${b.totalMs}/${b.scriptingMs}/${b.parseMs}`)}`,
    `  main thread (ms): ${pairs(d.mainThread, (m) => `${m.group} ${m.ms}`)}`,
    `  long tasks (start+ms): ${pairs(d.longTasks, (t) => `${t.url || '(page)'} ${t.startMs}+${t.ms}`) || 'none'}`,
    `  LCP element: ${d.lcpElement ?? 'none'}; phases (ms): ${pairs(d.lcpPhases, (p) => `${p.phase} ${p.ms}`)}`,
    `  render-blocking (ms saved): ${pairs(d.renderBlocking, (r) => `${r.url} ${r.wastedMs}`) || 'none'}`,
  ].join('\n');
}

/** Tries of one run before Lighthouse's own failure is reported as the run's figures. */
const attemptsPerRun = 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each page `runs` times in turn (BENCH_LIGHTHOUSE_RUNS, default 3): the median of each figure, and
 * the scripts and diagnostics of the run whose score is the median, so what explains a figure
 * comes from a typical run and not an outlier.
 */
export async function lighthousePages(pages, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)) {
  const chrome = await launchChromium();
  try {
    const measured = new Map(pages.map((page) => [page.name, []]));
    const failed = new Map(pages.map((page) => [page.name, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const page of pages) {
        // A run Lighthouse itself could not record (NO_NAVSTART: no trace of the load) says nothing
        // of the page and would enter the median as a score of 0: it is measured again.
        for (let attempt = 1; ; attempt += 1) {
          const { summary, lhr } = await lighthousePage(chrome.port, page.url);
          if (summary.runtimeError && attempt < attemptsPerRun) {
            failed.get(page.name).push(summary.runtimeError);
            continue;
          }
          measured.get(page.name).push({ summary, diagnostics: diagnostics(lhr, new URL(page.url).origin) });
          break;
        }
      }
    }
    return pages.map((page) => {
      const all = measured.get(page.name);
      const of = (key) => median(all.map((r) => r.summary[key]));
      const typical = [...all].sort((a, b) => a.summary.score - b.summary.score)[Math.floor(all.length / 2)];
      return {
        page: page.name,
        url: page.url,
        runs: all.length,
        score: of('score'),
        fcpMs: of('fcpMs'),
        lcpMs: of('lcpMs'),
        tbtMs: of('tbtMs'),
        cls: of('cls'),
        scores: all.map((r) => r.summary.score),
        scriptUrls: typical.summary.scriptUrls,
        runtimeError: all.map((r) => r.summary.runtimeError).find(Boolean),
        retried: failed.get(page.name),
        diagnostics: typical.diagnostics,
      };
    });
  } finally {
    await chrome.kill();
  }
}
