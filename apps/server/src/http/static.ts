import fastifyStatic from '@fastify/static';
import { existsSync, mkdirSync } from 'node:fs';
import type { AppInstance } from '../app';
import { adminDist, assetsDir, h5Dist } from '../paths';

export { adminDist, h5Dist };

/** Our own images (demo logos and banners), uploaded images, and the H5 and admin builds once they exist. */
export async function registerStatic(app: AppInstance): Promise<void> {
  const { localRoot } = app.deps.storage;
  await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, maxAge: '1d' });
  if (localRoot) {
    // Created by the first upload otherwise; @fastify/static warns at start when its root is missing.
    mkdirSync(localRoot, { recursive: true });
    await app.register(fastifyStatic, { root: localRoot, prefix: '/uploads/', decorateReply: false, maxAge: '30d', immutable: true });
  }
  if (existsSync(adminDist)) {
    await app.register(fastifyStatic, { root: adminDist, prefix: '/admin/', decorateReply: false });
  }
  if (existsSync(h5Dist)) {
    await app.register(fastifyStatic, { root: h5Dist, prefix: '/', decorateReply: false });
  }
}
