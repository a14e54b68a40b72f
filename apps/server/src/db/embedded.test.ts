import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from './client';
import { startEmbeddedPostgres } from './embedded';

const holdPort = (port: number) =>
  new Promise<Server | null>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null)); // already taken by someone else: just as good
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('embedded PostgreSQL', () => {
  const parent = mkdtempSync(join(tmpdir(), 'maika-embedded-'));
  chmodSync(parent, 0o755);
  const dir = join(parent, 'pg');
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('picks a free port when the default one is taken, and serves queries', async () => {
    const blocker = await holdPort(54329);
    if (blocker) cleanups.push(() => new Promise((r) => blocker.close(r)));
    const cluster = await startEmbeddedPostgres(dir);
    cleanups.push(() => cluster.stop());
    expect(cluster.port).not.toBe(54329);
    const database = connect(cluster.url('postgres'), 1);
    const { rows } = await database.pool.query<{ server_version: string }>('show server_version');
    await database.close();
    expect(Number(rows[0]!.server_version.split('.')[0])).toBeGreaterThanOrEqual(15);
  });

  it('refuses a second server on the same data directory, naming the one that holds it', async () => {
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(`Another server (pid ${process.pid}) is using the database in this DATA_DIR`);
  });

  it('releases the lock when stopped, and a stale lock of a dead process does not block', async () => {
    await cleanups.pop()!();
    expect(existsSync(join(parent, 'pg.lock'))).toBe(false);
    writeFileSync(join(parent, 'pg.lock'), '4194303'); // above pid_max's default: no such process
    const again = await startEmbeddedPostgres(dir);
    cleanups.push(() => again.stop());
  });

  // As root the cluster runs as the user postgres; as anyone else it runs as us and this cannot happen.
  it.runIf(process.getuid?.() === 0)(
    'refuses, as root, a data directory inside a private one, naming the directory and the fix',
    async () => {
      const privateDir = mkdtempSync(join(tmpdir(), 'maika-private-'));
      cleanups.push(async () => rmSync(privateDir, { recursive: true, force: true }));
      const nested = join(privateDir, 'data');
      mkdirSync(nested, { mode: 0o755 });
      chmodSync(privateDir, 0o700);
      await expect(startEmbeddedPostgres(join(nested, 'pg'))).rejects.toThrow(
        `cannot enter ${privateDir} (mode 0700). Let it in (chmod o+x ${privateDir})`,
      );
      expect(existsSync(join(nested, 'pg.lock'))).toBe(false);
      chmodSync(privateDir, 0o711);
      const cluster = await startEmbeddedPostgres(join(nested, 'pg'));
      cleanups.push(() => cluster.stop());
    },
  );
});
