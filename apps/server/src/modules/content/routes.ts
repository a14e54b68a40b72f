import { contract } from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import { cachedAnswer } from '../../http/cachedAnswer';
import { route } from '../../http/contractRoute';
import { localeOf, notModified } from '../../http/envelope';
import { listBroadcasts, listFaqs, listNotices } from './repo';
import { getFoundation, getNotice, getRichTextTemplate, publicBanners, richTextFile } from './service';

const tags = ['Content'];
const calls = contract.content;

export default async function contentRoutes(app: AppInstance) {
  const { deps } = app;
  const db = deps.database.db;
  const cache = deps.publicCache;

  route(app, calls.banners, {
    tags,
    summary: 'Banners, optionally of one position (1 home … 6 task)',
    responses: notModified,
    handler: async (request, reply) => {
      const { position } = request.query;
      const locale = localeOf(request);
      return cachedAnswer(request.headers, reply, await publicBanners(deps, locale, position));
    },
  });

  route(app, calls.notices, {
    tags,
    summary: 'Platform announcements, pinned first',
    responses: notModified,
    handler: async (request, reply) => {
      const { page, pageSize } = request.query;
      const locale = localeOf(request);
      const load = async () => {
        const { list, total } = await listNotices(db, locale, pageSize, offsetOf({ page, pageSize }));
        return { list: list.map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() })), total };
      };
      return cachedAnswer(request.headers, reply, await cache.get(`notices:${locale}:${page}:${pageSize}`, load));
    },
  });

  route(app, calls.noticeDetail, {
    tags,
    summary: 'One announcement',
    responses: notModified,
    handler: async (request, reply) => {
      const { id } = request.query;
      const locale = localeOf(request);
      const load = async () => {
        const n = await getNotice(deps, id, locale);
        return { id: n.id, title: n.title, pinned: n.pinned, content: n.content, publishedAt: n.publishedAt.toISOString() };
      };
      return cachedAnswer(request.headers, reply, await cache.get(`notice:${locale}:${id}`, load));
    },
  });

  route(app, calls.broadcasts, {
    tags,
    summary: 'Lines for the home ticker',
    responses: notModified,
    handler: async (request, reply) => {
      const locale = localeOf(request);
      const load = async () => (await listBroadcasts(db, locale, 20)).map((b) => ({ id: `b${b.id}`, text: b.text }));
      return cachedAnswer(request.headers, reply, await cache.get(`broadcasts:${locale}`, load));
    },
  });

  route(app, calls.foundation, {
    tags,
    summary: 'Site settings: name, service and launch links, versions',
    responses: notModified,
    handler: async (request, reply) => {
      return cachedAnswer(request.headers, reply, await cache.get('foundation', () => getFoundation(deps)));
    },
  });

  route(app, calls.faq, {
    tags,
    summary: 'Common problems',
    responses: notModified,
    handler: async (request, reply) => {
      const locale = localeOf(request);
      return cachedAnswer(request.headers, reply, await cache.get(`faqs:${locale}`, () => listFaqs(db, locale)));
    },
  });

  route(app, calls.richTextTemplate, {
    tags,
    summary: 'Path of the rich-text file for a point (1 product tip … 10 footer)',
    responses: notModified,
    handler: async (request, reply) => {
      const { point } = request.query;
      const locale = localeOf(request);
      return cachedAnswer(
        request.headers,
        reply,
        await cache.get(`richText:${locale}:${point}`, () => getRichTextTemplate(deps, point, locale)),
      );
    },
  });

  app.get('/files/richText/:file', {
    schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,2}-\d+(\.en)?\.html$/) }) },
    handler: async (request, reply) => {
      const { file } = request.params;
      // null, not undefined, for a gone version: the cache tags what it keeps by its JSON.
      const html = (await cache.get(`richTextFile:${file}`, async () => (await richTextFile(deps, file)) ?? null)).data;
      if (html === null) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .header('content-security-policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'")
        .send(html);
    },
  });
}
