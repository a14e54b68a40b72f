import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    // Libraries change less often than pages: separate files stay cached across releases.
    rollupOptions: {
      output: {
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          // Charts and the editor only depend on the rest, never the other way round, so they split
          // off cleanly; splitting antd from React would create an import cycle between chunks.
          if (/[\\/](recharts|d3-|victory-vendor)/.test(id)) return 'charts';
          if (/[\\/](@tiptap|prosemirror)/.test(id)) return 'editor';
          return 'vendor';
        },
      },
    },
    chunkSizeWarningLimit: 2500,
  },
});
