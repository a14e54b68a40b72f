import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A worker per core, not vitest's cores − 1: server tests spend much of their time waiting on PostgreSQL. */
const workers = Math.max(2, availableParallelism());

/**
 * Five projects, run in four steps so heavy work never overlaps: unit and server tests first, then
 * the reliability runs (server processes killed at random or mid-request, or stopped with SIGTERM
 * under load), then the mini-program checks (WeChat's compilers over the weapp build, the Alipay
 * build's files), then the browser journeys (each starts a server process on its own copy of one
 * demo database and drives one shared Chromium, e2e/globalSetup.ts). `npm test` runs them all;
 * `--project` picks some (`npm run test:fast` is unit and server).
 */
export default defineConfig({
  resolve: {
    // The mobile app's own `@/` import prefix (apps/mobile/tsconfig.json); no other package uses it.
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/mobile/src/', import.meta.url)) }],
  },
  test: {
    // One copy of refine and react-router for the admin console's tests, or two routers load.
    server: { deps: { inline: [/@refinedev/, /react-router/] } },
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Threads are kept from file to file, a setting of the one thread pool every project shares.
    // Whether a file also gets a fresh module graph is each project's own poolOptions (the server
    // project shares one; the unit project does not). A project's `isolate` is not read once
    // poolOptions say otherwise.
    //
    // The last three projects run in processes (forks), two files at a time. vitest 3 reads the
    // number of processes, and `fileParallelism`, from this root config only, not a project's: it is
    // set here, for all three. Two, not more: a journey keeps a core busy with its server and its
    // pages, and four at once took 299 s against 333 s for two, each file 1.8 times as long.
    poolOptions: { threads: { isolate: false }, forks: { maxForks: 2 } },
    // On two cores the default ran the server tests one file at a time. As many kept as started: a
    // thread the pool retires when idle is terminated, and that termination can surface as an
    // unhandled "Terminating worker thread" that ends the run without its summary.
    maxWorkers: workers,
    minWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/mobile/src/**/*.test.ts', 'apps/admin/src/**/*.test.{ts,tsx}'],
          // A fresh module graph per file on a kept thread: a process per file cost twice the tests'
          // own CPU. Shared, the graph kept the first file's modules for the next (the API host the
          // request layer read at load, the Taro mock), and the request-layer tests failed at random.
          pool: 'threads',
          poolOptions: { threads: { isolate: true } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // The files of a thread share one module graph: importing the server afresh for every file
          // cost more than a third of the run. Each file still gets its own database (harness.ts).
          pool: 'threads',
          poolOptions: { threads: { isolate: false } },
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/reliability/**'],
          // The compiled server, the H5 app and the console some of them run or serve (builds.ts).
          globalSetup: ['apps/server/test/builds.ts', 'apps/server/test/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: ['apps/server/test/reliability/**/*.test.ts'],
          globalSetup: ['apps/server/test/globalSetup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'miniprogram',
          include: ['apps/mobile/test/miniprogram/**/*.test.ts'],
          // Makes the weapp and alipay builds when missing or older than their sources.
          globalSetup: ['apps/mobile/test/miniprogram/globalSetup.ts'],
          hookTimeout: 1_200_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          // Builds the H5 app and the console when missing or older than their sources.
          globalSetup: ['e2e/globalSetup.ts'],
          // Above every wait bound of e2e/support/waits.ts, so a missing thing fails with its own message.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
