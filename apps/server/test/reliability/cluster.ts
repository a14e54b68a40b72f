/**
 * The processes of a reliability run: server instances started as `npm start` starts them
 * (src/main.ts) and a separate worker process, all on one database, each one killable with
 * SIGKILL and restartable with the same settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainScript = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const workerScript = fileURLToPath(new URL('./workerProcess.ts', import.meta.url));

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

export interface ManagedProcess {
  readonly name: string;
  /** The server's address; empty for the worker. */
  readonly url: string;
  alive(): boolean;
  /** Started and serving: the run kills only such a process, never one still starting. */
  ready(): boolean;
  /** Starts it (again) and waits until it serves or says it is ready. */
  start(): Promise<void>;
  kill(): Promise<void>;
  /** Asks it to stop with SIGTERM and resolves with its exit code once it has. */
  terminate(): Promise<number | null>;
  /** Everything it printed, over every start. */
  output(): string;
}

function managed(
  name: string,
  script: string,
  env: Record<string, string>,
  url: string,
  ready: (printedSinceStart: string) => Promise<boolean>,
): ManagedProcess {
  let child: ChildProcess | undefined;
  let printed = '';
  let serving = false;
  let exited: Promise<number | null> = Promise.resolve(null);
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    name,
    url,
    alive,
    ready: () => serving && alive(),
    output: () => printed,
    async start() {
      const from = printed.length;
      const started = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: serverRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout!.on('data', (chunk) => (printed += chunk));
      started.stderr!.on('data', (chunk) => (printed += chunk));
      exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 90_000;
      while (!(await ready(printed.slice(from)))) {
        if (!alive()) throw new Error(`${name} exited while starting:\n${printed.slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`${name} not ready after 90 s:\n${printed.slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      serving = true;
    },
    async kill() {
      serving = false;
      if (alive()) child!.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      serving = false;
      if (alive()) child!.kill('SIGTERM');
      return exited;
    },
  };
}

/** A server process on its own port, ready once /healthz answers. */
export async function serverProcess(name: string, env: Record<string, string>): Promise<ManagedProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  return managed(
    name,
    mainScript,
    { NODE_ENV: 'development', HOST: '127.0.0.1', SEED_DEMO: 'false', ...env, PORT: String(port) },
    url,
    healthy,
  );
}

/** The worker process, ready once it printed so since this start. */
export function workerProcess(env: Record<string, string>): ManagedProcess {
  return managed('worker', workerScript, { NODE_ENV: 'development', ...env }, '', async (printed) => printed.includes('worker ready'));
}
