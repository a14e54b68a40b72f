import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sideEffectFree =
  /node_modules[\\/](papaparse|react-markdown|remark-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|unist-[^\\/]+|unified|vfile[^\\/]*|property-information|devlop|decode-named-character-reference|character-entities[^\\/]*|comma-separated-tokens|space-separated-tokens|html-url-attributes|trim-lines|bail|trough|is-plain-obj|ccount|markdown-table|longest-streak|zwitch|estree-util-[^\\/]+|style-to-js|style-to-object|inline-style-parser)[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]/;

// The server serves this build from apps/admin/dist at /admin/ (apps/server/src/http/static.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080', '/assets': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    rollupOptions: {
      // Pages load by route (src/pageRoutes.tsx), so no catch-all vendor chunk: it would put every
      // page's libraries into the first load. Charts and the editor, used by a few pages, fall into
      // those pages' chunks on their own.
      treeshake: {
        // @refinedev/antd imports these for its markdown field, which the console does not use,
        // @refinedev/core imports papaparse for CSV import, which the first load does not use, and
        // @maika/shared's API schemas build zod objects when loaded; none of them changes anything
        // else when loaded, but lacking a `sideEffects: false` they would all ride in the first load.
        moduleSideEffects: (id) => !sideEffectFree.test(id),
      },
    },
    chunkSizeWarningLimit: 2500,
  },
});
