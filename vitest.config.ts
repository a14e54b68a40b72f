import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/mobile/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['apps/server/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
