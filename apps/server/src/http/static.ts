import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import type { AppInstance } from '../app';
import { adminDist, assetsDir, h5Dist } from '../paths';

export { adminDist, h5Dist };

/** Our own images (demo logos and banners), uploaded images, and the H5 and admin builds once they exist. */
export async function registerStatic(app: AppInstance): Promise<void> {
  // Browsers ask the origin for /favicon.ico on every page: the H5 app, the console, the face simulator.
  const favicon = readFileSync(`${assetsDir}/favicon.ico`);
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(favicon),
  );
  const { localRoot } = app.deps.storage;
  await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', decorateReply: false, maxAge: '1d' });
  if (localRoot) {
    await app.register(fastifyStatic, { root: localRoot, prefix: '/uploads/', decorateReply: false, maxAge: '30d', immutable: true });
  }
  if (existsSync(adminDist)) {
    await app.register(fastifyStatic, { root: adminDist, prefix: '/admin/', decorateReply: false });
  }
  if (existsSync(h5Dist)) {
    await app.register(fastifyStatic, { root: h5Dist, prefix: '/', decorateReply: false });
  }
}
