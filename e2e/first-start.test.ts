import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, newDataDir } from './support/serverProcess';
import { waitBounds } from './support/waits';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a newcomer reads after `npm install && npm start`: a short summary (what is built, then the
 * addresses, the admin password and the simulators), not the compilers' and the logger's noise.
 */
describe('npm start, as a newcomer sees it', () => {
  const dataDir = newDataDir();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a short summary on a fresh data directory: addresses, admin password, simulators, no JSON and no deprecation', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Its own process group, so stopping it stops npm and the server npm started.
    const child = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let printed = '';
    child.stdout!.on('data', (chunk) => (printed += chunk));
    child.stderr!.on('data', (chunk) => (printed += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + waitBounds.serverStart;
    while (!printed.includes('DEMO DATA') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // What it printed while starting; the lines of the stop are not the start's.
    const started = printed;
    const exitedEarly = child.exitCode;
    process.kill(-child.pid!, 'SIGTERM');
    await exited;

    // Without the banner's DEMO DATA line the start never finished, and the checks below would judge half a summary.
    expect(
      started.includes('DEMO DATA'),
      exitedEarly === null
        ? `npm start printed no DEMO DATA line within ${waitBounds.serverStart / 1000} s:\n${started}`
        : `npm start exited with ${exitedEarly} before its DEMO DATA line:\n${started}`,
    ).toBe(true);

    const lines = started.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length, started).toBeLessThanOrEqual(40);
    expect(started).toContain(`${url}/admin/`);
    expect(started).toContain(`${url}/api/`);
    expect(started).toMatch(/created admin account "admin" with password \S{8,}/);
    for (const simulated of ['SMS', 'FACE VERIFICATION', 'ALIPAY PAYOUTS', 'WECHAT PAYOUTS', 'CARD CHECKS'])
      expect(started).toContain(`SIMULATED ${simulated}`);
    expect(
      lines.filter((line) => line.trim().startsWith('{')),
      started,
    ).toEqual([]);
    expect(started).not.toContain('FSTDEP');
    expect(started).not.toContain('must exist');
  });
});

describe('a first-start build, as npm start runs it', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'maika-build-log-'));
  afterAll(() => rmSync(logDir, { recursive: true, force: true }));

  /** Runs a stand-in build printing 300 lines through the runner ensure-h5.mjs and ensure-admin.mjs use. */
  const fakeBuild = (exitCode: number) => {
    const logFile = join(logDir, `build-${exitCode}.log`);
    // exitCode, not exit(): writes to a pipe are asynchronous, and exit() may drop the last of them.
    const build = `for (let i = 1; i <= 300; i++) console.log('compiling module ' + i); process.exitCode = ${exitCode}`;
    const script = `
      import { runLogged } from ${JSON.stringify(join(repoRoot, 'scripts/build-output.mjs'))};
      const result = await runLogged('Building the stand-in', ${JSON.stringify(logFile)})(process.execPath, ['-e', ${JSON.stringify(build)}], {});
      process.exit(result.status);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    return { run, logFile, output: run.stdout + run.stderr };
  };

  it('shows one line naming the log file and keeps the full output there', () => {
    const { run, logFile, output } = fakeBuild(0);
    expect(run.status).toBe(0);
    expect(output.trim().split('\n'), output).toEqual([`Building the stand-in (full output in ${logFile})`]);
    expect(readFileSync(logFile, 'utf8').trim().split('\n')).toHaveLength(300);
  });

  it('prints the whole output when the build fails, and where the log is', () => {
    const { run, logFile, output } = fakeBuild(3);
    expect(run.status).toBe(3);
    expect(output).toContain('compiling module 1\n');
    expect(output).toContain('compiling module 300\n');
    expect(output).toContain(`also in ${logFile}`);
  });
});
