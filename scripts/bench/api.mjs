/** autocannon runs and single-request timings against running servers, reduced to the figures we report. */
import autocannon from 'autocannon';

export const DEVICE = { uuid: 'bench-device-0001' };
/** What the H5 app's browser asks for with every call: answers above 1 KB come compressed, as on a phone. */
const ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

/** One autocannon run; `requests` cycles per connection (autocannon's own option). */
export async function load({ url, connections, duration, requests, headers = {} }) {
  const result = await autocannon({ url, connections, duration, headers: { ...ENCODINGS, ...DEVICE, ...headers }, requests });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Several autocannon runs at once (one per server) taken as one load: throughput adds up. */
export async function loadTogether(runs) {
  const results = await Promise.all(runs.map(load));
  return {
    reqPerSec: results.reduce((sum, r) => sum + r.reqPerSec, 0),
    p50Ms: Math.max(...results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    perInstance: results.map((r) => r.reqPerSec),
  };
}

export async function api(base, method, path, { token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...DEVICE, ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** Fails the bench loudly when a call it is about to measure does not even succeed once. */
export async function expectOk(base, method, path, options) {
  const answer = await api(base, method, path, options);
  if (answer.code !== 200) throw new Error(`${method} ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** Wall time of `runs` sequential calls, each checked. */
export async function timeCalls(runs, makeCall) {
  const timings = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const answer = await makeCall(i);
    timings.push(performance.now() - started);
    if (answer.code !== 200) throw new Error(`run ${i + 1} answered ${answer.code}: ${answer.msg}`);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    runs,
    medianMs: round(sorted[Math.floor(sorted.length / 2)]),
    maxMs: round(sorted.at(-1)),
    minMs: round(sorted[0]),
    timingsMs: timings.map(round),
  };
}
