import {
  adminBanner,
  adminBannerBody,
  adminBannerList,
  adminBannerQuery,
  adminBroadcast,
  adminBroadcastBody,
  adminBroadcastList,
  adminContentIdParams,
  adminContentQuery,
  adminFaq,
  adminFaqBody,
  adminFaqList,
  adminFoundationBody,
  adminNotice,
  adminNoticeBody,
  adminNoticeList,
  adminUploadData,
  Code,
  foundation,
  textCatalogue,
  type LocalizedText,
  type AdminBannerBody,
  type AdminNoticeBody,
  rolesFor,
} from '@maika/shared';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import type { AdminRole } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, envelope, ok } from '../../http/envelope';
import { sniffImage } from '../../providers/storage';
import {
  bannerPositionIs,
  deleteContent,
  insertContent,
  pageContent,
  updateContent,
  type BannerRow,
  type BroadcastRow,
  type ContentKind,
  type FaqRow,
  type NoticeRow,
} from './repo';
import { cleanNotice, getFoundation, requireUploadedImage, saveFoundation } from './service';
import { readUpload } from '../upload';
import { auditOf, inAuditedTransaction, recordAudit } from '../audit';

const tags = ['Admin content'];
const security = [{ admin: [] }];
const roles: readonly AdminRole[] = rolesFor('content/foundation', 'edit');
type Thing = LocalizedText;

interface Resource {
  kind: ContentKind;
  path: string;
  thing: Thing;
  query: z.ZodObject;
  body: z.ZodType;
  item: z.ZodType;
  list: z.ZodType;
  toItem(row: never): unknown;
  toRow(body: never): Record<string, unknown>;
  check?(deps: Deps, body: never): Promise<void>;
  where?(query: never): SQL | undefined;
}

const iso = (d: Date) => d.toISOString();

const resources: Resource[] = [
  {
    kind: 'banners',
    path: 'banners',
    thing: textCatalogue['thing.banner'],
    query: adminBannerQuery,
    body: adminBannerBody,
    item: adminBanner,
    list: adminBannerList,
    toItem: (r: BannerRow) => ({
      ...r,
      position: r.position as AdminBannerBody['position'],
      imageUrl: r.image,
      createdAt: iso(r.createdAt),
    }),
    toRow: (b: AdminBannerBody) => b,
    check: async (deps: Deps, b: AdminBannerBody) => {
      await requireUploadedImage(deps, b.image);
      if (b.imageEn) await requireUploadedImage(deps, b.imageEn);
    },
    where: (q: { position?: number }) => (q.position ? bannerPositionIs(q.position) : undefined),
  },
  {
    kind: 'notices',
    path: 'notices',
    thing: textCatalogue['thing.notice'],
    query: adminContentQuery,
    body: adminNoticeBody,
    item: adminNotice,
    list: adminNoticeList,
    toItem: (r: NoticeRow) => ({ ...r, publishedAt: iso(r.publishedAt) }),
    // Left out: now for a new notice (the column default), unchanged for an edited one.
    toRow: (b: AdminNoticeBody) => ({ ...cleanNotice(b), publishedAt: b.publishedAt ? new Date(b.publishedAt) : undefined }),
  },
  {
    kind: 'broadcasts',
    path: 'broadcasts',
    thing: textCatalogue['thing.broadcast'],
    query: adminContentQuery,
    body: adminBroadcastBody,
    item: adminBroadcast,
    list: adminBroadcastList,
    toItem: (r: BroadcastRow) => ({ ...r, createdAt: iso(r.createdAt) }),
    toRow: (b: Record<string, unknown>) => b,
  },
  {
    kind: 'faqs',
    path: 'faq',
    thing: textCatalogue['thing.faq'],
    query: adminContentQuery,
    body: adminFaqBody,
    item: adminFaq,
    list: adminFaqList,
    toItem: (r: FaqRow) => r,
    toRow: (b: Record<string, unknown>) => b,
  },
];

/** Content: support and administrators; every write is audited by the admin guard. */
export default async function adminContentRoutes(app: AppInstance) {
  const { deps } = app;
  for (const resource of resources) registerResource(app, resource);

  app.get('/api/admin/content/foundation', {
    config: { roles },
    schema: {
      tags,
      security,
      summary: 'Site settings as GET /api/Basis/getFoundation returns them',
      response: { 200: envelope(foundation) },
    },
    handler: async () => ok(await getFoundation(deps)),
  });

  app.put('/api/admin/content/foundation', {
    config: { roles, audit: 'content.foundation.save' },
    schema: {
      tags,
      security,
      summary: 'Save the site settings (the rebate rate: administrators only)',
      body: adminFoundationBody,
      response: { 200: envelope(foundation) },
    },
    handler: async (request) => {
      const { after } = await saveFoundation(
        deps,
        request.body,
        request.admin!.role,
        auditOf(request, { type: 'settings', id: 'foundation' }),
      );
      return ok(after);
    },
  });

  app.post('/api/admin/file/upload', {
    config: { roles, audit: 'content.upload' },
    schema: {
      tags,
      security,
      summary: 'Upload one content image (JPG, PNG, GIF or WebP, at most 5 MB) as multipart field "file"',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(adminUploadData) },
    },
    handler: async (request) => {
      const bytes = await readUpload(request);
      const image = sniffImage(bytes);
      if (!image) throw new AppError(Code.UploadRejected);
      const path = await deps.storage.save(bytes, image.extension, 'content');
      // The file alone changes nothing users see until a content row points at it; its entry
      // is written before the answer, so no path is handed out unrecorded.
      await recordAudit(deps.database.db, auditOf(request, { type: 'upload', id: path }));
      return ok({ path, url: path });
    },
  });
}

function registerResource(app: AppInstance, r: Resource) {
  const { deps } = app;
  const db = deps.database.db;
  const base = `/api/admin/content/${r.path}`;
  const audit = (verb: string) => `content.${r.path}.${verb}`;
  const toItem = r.toItem as (row: unknown) => unknown;
  const toRow = r.toRow as (body: unknown) => Record<string, unknown>;
  const check = async (body: unknown) => r.check && (await (r.check as (deps: Deps, body: unknown) => Promise<void>)(deps, body));
  const found = <T>(row: T | undefined): T => {
    if (!row) throw new AppError(Code.NotFound, { thing: r.thing }, { thing: r.thing });
    return row;
  };

  app.get(base, {
    config: { roles },
    schema: {
      tags,
      security,
      summary: `List (${r.thing['en-US']}), disabled rows included`,
      querystring: r.query,
      response: { 200: envelope(r.list) },
    },
    handler: async (request) => {
      const q = request.query as { page: number; pageSize: number };
      const where = r.where ? (r.where as (query: unknown) => SQL | undefined)(q) : undefined;
      const { list, total } = await pageContent(db, r.kind, q.pageSize, offsetOf(q), where);
      return ok({ list: list.map(toItem), total });
    },
  });

  app.post(base, {
    config: { roles, audit: audit('create') },
    schema: { tags, security, summary: `Create (${r.thing['en-US']})`, body: r.body, response: { 200: envelope(r.item) } },
    handler: async (request) => {
      await check(request.body);
      const row = await inAuditedTransaction(
        db,
        auditOf(request),
        async (tx) => (await insertContent(tx, r.kind, toRow(request.body) as never)) as { id: number },
        (created) => ({ type: r.kind, id: created.id }),
      );
      return ok(toItem(row));
    },
  });

  app.put(`${base}/:id`, {
    config: { roles, audit: audit('update') },
    schema: {
      tags,
      security,
      summary: `Replace (${r.thing['en-US']})`,
      params: adminContentIdParams,
      body: r.body,
      response: { 200: envelope(r.item) },
    },
    handler: async (request) => {
      const { id } = request.params as { id: number };
      await check(request.body);
      const row = await inAuditedTransaction(db, auditOf(request, { type: r.kind, id }), async (tx) =>
        found(await updateContent(tx, r.kind, id, toRow(request.body) as never)),
      );
      return ok(toItem(row));
    },
  });

  app.delete(`${base}/:id`, {
    config: { roles, audit: audit('delete') },
    schema: {
      tags,
      security,
      summary: `Delete (${r.thing['en-US']})`,
      params: adminContentIdParams,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params as { id: number };
      await inAuditedTransaction(db, auditOf(request, { type: r.kind, id }), async (tx) =>
        found((await deleteContent(tx, r.kind, id)) || undefined),
      );
      return ok(null);
    },
  });
}
