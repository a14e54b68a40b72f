import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The mobile app's own `@/` import prefix (apps/mobile/tsconfig.json); no other package uses it.
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/mobile/src/', import.meta.url)) }],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/mobile/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/admin/src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    // One copy of refine and react-router for the admin console's tests, or two routers load.
    server: { deps: { inline: [/@refinedev/, /react-router/] } },
    globalSetup: ['apps/server/test/globalSetup.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
