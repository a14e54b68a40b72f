/**
 * What a load costs the machine, process by process: the CPU time the kernel accounted (user +
 * system, /proc/<pid>/stat) to PostgreSQL's processes, the Maika servers, the baseline servers and
 * the load generator (this process), and the cores' idle time (/proc/stat), each per call. The
 * server's V8 profile (profile.mjs) shows where one process spends its share; these show the shares,
 * so a figure's ratio to the baseline can be read against what each call costs the cores they all
 * run on. Linux only: elsewhere `withCpu` leaves the figure without them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const linux = existsSync('/proc/stat');
const ticksPerMs = linux ? Number(execFileSync('getconf', ['CLK_TCK']).toString()) / 1000 : 0;

/** The group a process's command line puts it in (PostgreSQL's backends rename themselves `postgres: …`). */
function groupOf(cmdline) {
  const [program = ''] = cmdline.split('\0');
  if (program.startsWith('postgres') || program.endsWith('/postgres')) return 'postgres';
  if (cmdline.includes('apps/server/src/main.ts')) return 'maika';
  if (cmdline.includes('scripts/bench/pgPoint.mjs') || cmdline.includes('scripts/bench/hello.mjs')) return 'baseline';
  return 'other';
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/**
 * A process's parent (ppid, the 2nd field after the parenthesised command name), its own CPU
 * ticks (utime + stime, the 12th and 13th) and those of its children that ended and were waited
 * for (cutime + cstime, the 14th and 15th): the kernel adds a child's whole time to its parent's
 * there when it is reaped.
 */
function ticksOf(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: fields[1], own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) };
}

/** Every other process's group and CPU ticks so far, this process's CPU, and the cores' idle ticks. */
function snapshot() {
  const processes = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const stat = read(`/proc/${pid}/stat`);
    const cmdline = read(`/proc/${pid}/cmdline`);
    if (stat === null || cmdline === null) continue;
    processes.set(pid, { group: groupOf(cmdline), ...ticksOf(stat) });
  }
  const [, , , , idle, iowait] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).map(Number);
  const own = process.cpuUsage();
  return { processes, idleTicks: idle + iowait, ownMs: (own.user + own.system) / 1000 };
}

const perCall = (ms, calls) => Math.round((ms / calls) * 1000) / 1000;

/**
 * Runs `run()` and adds to its figure `cpu`: milliseconds of CPU per call for each group, their
 * sum, and the cores' idle time per call, `calls(figure)` calls (its requests unless told).
 * A process that started in the run counts whole. One that ended in it counts for its time in the
 * run, in its parent's group: its whole time reaches its parent's children's ticks when it is
 * reaped, less what it had used before. PostgreSQL's postmaster reaps its backends, and
 * node-postgres closes a connection whose query failed, so its backend ends: without that, a
 * backend that worked through the run and then ended took its time out of the figures.
 */
export async function withCpu(run, calls = (figure) => figure.requests) {
  if (!linux) return run();
  const before = snapshot();
  const figure = await run();
  const after = snapshot();
  const n = calls(figure);
  if (!n) return figure;
  const ms = { postgres: 0, maika: 0, baseline: 0, other: 0 };
  for (const [pid, now] of after.processes) {
    const then = before.processes.get(pid) ?? { own: 0, children: 0 };
    ms[now.group] += (now.own + now.children - then.own - then.children) / ticksPerMs;
  }
  // An ended process's whole time is in its parent's children's ticks, in the parent's group: its time before the run comes off there.
  for (const [pid, then] of before.processes) {
    const parent = after.processes.get(then.parent);
    if (!after.processes.has(pid) && parent) ms[parent.group] -= then.own / ticksPerMs;
  }
  ms.loadGenerator = after.ownMs - before.ownMs;
  const busy = ms.postgres + ms.maika + ms.baseline + ms.other + ms.loadGenerator;
  const cpu = Object.fromEntries(Object.entries(ms).map(([group, value]) => [group, perCall(value, n)]));
  return {
    ...figure,
    cpu: { ...cpu, total: perCall(busy, n), idle: perCall((after.idleTicks - before.idleTicks) / ticksPerMs, n), cores: cpus().length },
  };
}
