/**
 * Lighthouse (default mobile settings: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown)
 * against each tab page the server serves, in Debian's Chromium through chrome-launcher.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function lighthousePages(pages) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const results = [];
    for (const page of pages) {
      const run = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const { lhr } = run;
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      results.push({
        page: page.name,
        url: page.url,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        scriptUrls: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
        runtimeError: lhr.runtimeError?.message,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
