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

export async function lighthousePages(pages) {
  const chrome = await launchChromium();
  try {
    const results = [];
    for (const page of pages) {
      const { summary } = await lighthousePage(chrome.port, page.url);
      results.push({ page: page.name, url: page.url, ...summary });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
