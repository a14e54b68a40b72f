import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitBounds } from './waits';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'maika-e2e-'));
  chmodSync(dir, 0o755); // the embedded PostgreSQL runs as an unprivileged user when we are root
  return dir;
}

/**
 * Runs the compiled server (apps/server/dist/main.js, made by the project's globalSetup when stale)
 * as its own process, in development mode as `npm start` runs it: the same code without compiling
 * TypeScript at every start. e2e/first-start.test.ts runs `npm start` itself.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
      PORT: port,
      DATABASE_URL: env.DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { url: `http://127.0.0.1:${port}`, child, output: () => printed, exited, stop };
}

/** The password the demo's first start printed for the administrator it created. */
export function firstAdminPassword(output: string): string {
  const password = /created admin account \\?"admin\\?" with password (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`the first start printed no administrator password:\n${output}`);
  return password;
}

/** Waits until /healthz answers ok, or the process exits, or the time is up. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = waitBounds.serverStart): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was healthy:\n${server.output()}`);
    const healthy = await fetch(`${server.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}
