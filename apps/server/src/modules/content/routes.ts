import {
  bannerList,
  bannerPositionQuery,
  broadcastList,
  faqList,
  foundation,
  noticeDetail,
  noticeDetailQuery,
  noticeList,
  pageQuery,
  richTextData,
  richTextQuery,
} from '@maika/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { offsetOf } from '../../db/page';
import { envelope, localeOf, ok } from '../../http/envelope';
import { listBanners, listBroadcasts, listFaqs, listNotices } from './repo';
import { getFoundation, getNotice, getRichTextTemplate, richTextFile } from './service';

const tags = ['Content'];

export default async function contentRoutes(app: AppInstance) {
  const { deps } = app;
  const db = deps.database.db;

  app.get('/api/Basis/getChart', {
    schema: { tags, summary: 'Banners, optionally of one position (1 home … 6 task)', querystring: bannerPositionQuery, response: { 200: envelope(bannerList) } },
    handler: async (request) => ok(await listBanners(db, localeOf(request), request.query.position)),
  });

  app.get('/api/Basis/getNotice', {
    schema: { tags, summary: 'Platform announcements, pinned first', querystring: pageQuery, response: { 200: envelope(noticeList) } },
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const { list, total } = await listNotices(db, localeOf(request), pageSize, offsetOf({ page, pageSize }));
      return ok({ list: list.map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() })), total });
    },
  });

  app.get('/api/Basis/getNoticeDetail', {
    schema: { tags, summary: 'One announcement', querystring: noticeDetailQuery, response: { 200: envelope(noticeDetail) } },
    handler: async (request) => {
      const n = await getNotice(deps, request.query.id, localeOf(request));
      return ok({ id: n.id, title: n.title, pinned: n.pinned, content: n.content, publishedAt: n.publishedAt.toISOString() });
    },
  });

  app.get('/api/Basis/getBroadcast', {
    schema: { tags, summary: 'Lines for the home ticker', response: { 200: envelope(broadcastList) } },
    handler: async (request) => ok((await listBroadcasts(db, localeOf(request), 20)).map((b) => ({ id: `b${b.id}`, text: b.text }))),
  });

  app.get('/api/Basis/getFoundation', {
    schema: { tags, summary: 'Site settings: name, service and launch links, versions', response: { 200: envelope(foundation) } },
    handler: async () => ok(await getFoundation(deps)),
  });

  app.get('/api/Basis/getFaq', {
    schema: { tags, summary: 'Common problems', response: { 200: envelope(faqList) } },
    handler: async (request) => ok(await listFaqs(db, localeOf(request))),
  });

  app.get('/api/file/getRichTextTemplate', {
    schema: { tags, summary: 'Path of the rich-text file for a point (1 product tip … 10 footer)', querystring: richTextQuery, response: { 200: envelope(richTextData) } },
    handler: async (request) => ok(await getRichTextTemplate(deps, request.query.point, localeOf(request))),
  });

  app.get('/files/richText/:file', {
    schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,2}-\d+(\.en)?\.html$/) }) },
    handler: async (request, reply) => {
      const html = await richTextFile(deps, request.params.file);
      if (html === undefined) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .header('content-security-policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'")
        .send(html);
    },
  });
}
