/**
 * The compiled server (apps/server/dist, `npm run start:prod`) as its own process, for the tests
 * of production mode. builds.ts rebuilds it before the tests when missing or older than any
 * source file, so a test never runs a stale build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './reliability/cluster';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const compiledDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** Only what a bare service manager gives a process: no NODE_ENV (vitest sets it to test), no settings of ours. */
export function bareEnvironment(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env };
}

export interface CompiledProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `node dist/<script>` with exactly `env` (plus PATH and HOME). */
export async function startCompiled(env: Record<string, string>, script = 'main.js'): Promise<CompiledProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--enable-source-maps', `${compiledDir}${script}`], {
    cwd: repoRoot,
    env: bareEnvironment({ HOST: '127.0.0.1', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => printed,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until /readyz answers 200, or the process exits (throws with what it printed). */
export async function waitUntilReady(server: CompiledProcess): Promise<void> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${server.output()}`);
    if (
      await fetch(`${server.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
