/**
 * Where a server's CPU goes under one load: the server is started with V8's sampling profiler
 * (`--cpu-prof`), loaded as the figure was, and stopped; its profile is reduced to CPU time per
 * request and the share of the busy samples spent in each package (node_modules), Node's own
 * internals, our code by folder, and the garbage collector (V8's builtins counted in the code that
 * called them). A miss in the table is explained by these shares, not by a guess.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const idle = new Set(['(idle)', '(program)']);

/** The group a function belongs to: a package, Node core, a folder of ours, or V8 itself. */
function groupOf({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (url === '') return functionName.startsWith('(') ? functionName : null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'Node core (sockets, streams, http)';
  const ours = /apps\/server\/src\/(.+)\/[^/]+$/.exec(url);
  if (ours) return `our ${ours[1]}/`;
  return url.replace(/^file:\/\//, '');
}

/**
 * CPU milliseconds the profile spent busy between `fromUs` and `toUs` (CLOCK_MONOTONIC
 * microseconds, the clock of both V8's profile and `process.hrtime`), and the busy share of each
 * group, largest first.
 */
export function summariseProfile(profile, fromUs, toUs, top = 8) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  // V8's builtins (JSON, strings, regular expressions, promises) are charged to the code that called them.
  const groupOfNode = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const group = groupOf(nodes.get(at).callFrame);
      if (group !== null) return group;
    }
    return 'V8 builtins';
  };
  const busyMsByGroup = new Map();
  const selfMsByFunction = new Map();
  let busyMs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const deltaUs = profile.timeDeltas[index] ?? 0;
    at += deltaUs;
    if (at < fromUs || at > toUs) return;
    const frame = nodes.get(id).callFrame;
    if (idle.has(frame.functionName)) return;
    const ms = deltaUs / 1000;
    busyMs += ms;
    const group = groupOfNode(id);
    busyMsByGroup.set(group, (busyMsByGroup.get(group) ?? 0) + ms);
    const where = frame.url ? ` ${frame.url.replace(/^.*\/(node_modules|apps)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const fn = `${frame.functionName || '(anonymous)'}${where}`;
    selfMsByFunction.set(fn, (selfMsByFunction.get(fn) ?? 0) + ms);
  });
  const shares = [...busyMsByGroup]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([group, ms]) => ({ group, percent: Math.round((1000 * ms) / busyMs) / 10 }));
  // The functions the samples were taken in (self time), for what a group's share is made of.
  const functions = [...selfMsByFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, ms]) => ({ function: fn, percent: Math.round((1000 * ms) / busyMs) / 10 }));
  return { busyMs: Math.round(busyMs), shares, functions };
}

/**
 * Starts a server through `start(nodeArgs)` with the profiler on, runs `drive(server)` (an
 * autocannon load that reports `requests`), stops it (the profile is written on exit) and
 * returns the load's figure with its profile summary.
 */
export async function profiled(start, drive) {
  const dir = mkdtempSync(join(tmpdir(), 'maika-profile-'));
  try {
    const server = await start(['--cpu-prof', '--cpu-prof-dir', dir]);
    const microseconds = () => Number(process.hrtime.bigint() / 1000n);
    let figure;
    let window;
    try {
      const from = microseconds();
      figure = await drive(server);
      window = [from, microseconds()];
    } finally {
      await server.stop();
    }
    const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the profiled server wrote no .cpuprofile');
    // Only the load's window counts: start-up (compiling, migrations check) and shutdown are left out.
    const summary = summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')), ...window);
    if (summary.busyMs === 0) throw new Error("the profile has no samples in the load's window");
    const cpuMsPerRequest = figure.requests > 0 ? Math.round((summary.busyMs / figure.requests) * 100) / 100 : null;
    return { ...figure, busyMs: summary.busyMs, cpuMsPerRequest, shares: summary.shares, functions: summary.functions };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
