import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { AppInstance } from './appInstance';
import { adminDist, assetsDir, h5Dist, h5Index } from '../paths';

export { adminDist, h5Dist, h5Index };

/**
 * A file whose name carries its content hash (Taro's `app.1a2b3c4d.js`, Vite's `index-BnlX2jBr.js`):
 * a new build gives changed content a new name, so the old name may be cached for ever.
 */
export const isHashedFile = (path: string) => /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(basename(path));

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed files are cached for a year; everything else (index.html) is revalidated with its ETag each time. */
function buildCacheHeaders(reply: FastifyReply, path: string) {
  reply.header('cache-control', isHashedFile(path.replace(/\.(?:br|gz)$/, '')) ? IMMUTABLE : 'no-cache');
}

/**
 * Serves a front-end build as a CDN would: the `.br` or `.gz` copy scripts/precompress.mjs made at
 * build time when the client accepts it (with `Vary: Accept-Encoding`), otherwise the file itself.
 */
export async function serveBuild(app: FastifyInstance, root: string, prefix: string, options: { index?: false } = {}): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    ...options,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: buildCacheHeaders,
  });
}

/**
 * Our own images (demo logos and banners), uploaded images, and the H5 and admin builds once they
 * exist. The H5 app's index.html is handed to `serveH5Index`: a page of ours, filled in per request.
 */
export async function registerStatic(app: AppInstance, serveH5Index: (indexHtml: string) => void): Promise<void> {
  // Browsers ask the origin for /favicon.ico on every page: the H5 app, the console, the face simulator.
  const favicon = readFileSync(`${assetsDir}/favicon.ico`);
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(favicon),
  );
  const { localRoot } = app.deps.storage;
  await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, maxAge: '1d' });
  if (localRoot) {
    // Created by the first upload otherwise; @fastify/static warns at start when its root is missing.
    mkdirSync(localRoot, { recursive: true });
    await app.register(fastifyStatic, { root: localRoot, prefix: '/uploads/', decorateReply: false, maxAge: '30d', immutable: true });
  }
  if (existsSync(adminDist)) await serveBuild(app, adminDist, '/admin/');
  if (existsSync(h5Index)) {
    await serveBuild(app, h5Dist, '/', { index: false });
    serveH5Index(readFileSync(h5Index, 'utf8'));
  }
}
