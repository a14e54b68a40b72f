import {
  Code,
  contract,
  textCatalogue,
  type ContractCall,
  type LocalizedText,
  type AdminBannerBody,
  type AdminNoticeBody,
} from '@maika/shared';
import type { SQL } from 'drizzle-orm';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { route } from '../../http/contractRoute';
import { AppError, ok } from '../../http/envelope';
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
import { readUpload, saveContentImage } from '../upload';
import { auditOf, inAuditedTransaction, recordAudit } from '../audit';

const tags = ['Admin content'];
const calls = contract.content;
type Thing = LocalizedText;

interface Resource {
  kind: ContentKind;
  path: string;
  thing: Thing;
  /** Its list, create, replace and delete calls in the contract. */
  calls: { list: ContractCall; create: ContractCall; update: ContractCall; remove: ContractCall };
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
    calls: { list: calls.adminBanners, create: calls.createBanner, update: calls.updateBanner, remove: calls.deleteBanner },
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
    calls: { list: calls.adminNotices, create: calls.createNotice, update: calls.updateNotice, remove: calls.deleteNotice },
    toItem: (r: NoticeRow) => ({ ...r, publishedAt: iso(r.publishedAt) }),
    // Left out: now for a new notice (the column default), unchanged for an edited one.
    toRow: (b: AdminNoticeBody) => ({ ...cleanNotice(b), publishedAt: b.publishedAt ? new Date(b.publishedAt) : undefined }),
  },
  {
    kind: 'broadcasts',
    path: 'broadcasts',
    thing: textCatalogue['thing.broadcast'],
    calls: { list: calls.adminBroadcasts, create: calls.createBroadcast, update: calls.updateBroadcast, remove: calls.deleteBroadcast },
    toItem: (r: BroadcastRow) => ({ ...r, createdAt: iso(r.createdAt) }),
    toRow: (b: Record<string, unknown>) => b,
  },
  {
    kind: 'faqs',
    path: 'faq',
    thing: textCatalogue['thing.faq'],
    calls: { list: calls.adminFaqs, create: calls.createFaq, update: calls.updateFaq, remove: calls.deleteFaq },
    toItem: (r: FaqRow) => r,
    toRow: (b: Record<string, unknown>) => b,
  },
];

/** Content: support and administrators; every write is audited by the admin guard. */
export default async function adminContentRoutes(app: AppInstance) {
  const { deps } = app;
  for (const resource of resources) registerResource(app, resource);

  route(app, calls.adminFoundation, {
    tags,
    summary: 'Site settings as GET /api/Basis/getFoundation returns them',
    handler: async () => ok(await getFoundation(deps)),
  });

  route(app, calls.saveFoundation, {
    tags,
    summary: 'Save the site settings (the rebate rate: administrators only)',
    audit: 'content.foundation.save',
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

  route(app, calls.uploadImage, {
    tags,
    summary: 'Upload one content image (JPG, PNG, GIF or WebP, at most 5 MB) as multipart field "file"; kept at most 750 px wide',
    audit: 'content.upload',
    handler: async (request) => {
      const path = await saveContentImage(deps, await readUpload(request));
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
  const audit = (verb: string) => `content.${r.path}.${verb}`;
  const toItem = r.toItem as (row: unknown) => unknown;
  const toRow = r.toRow as (body: unknown) => Record<string, unknown>;
  const check = async (body: unknown) => r.check && (await (r.check as (deps: Deps, body: unknown) => Promise<void>)(deps, body));
  const found = <T>(row: T | undefined): T => {
    if (!row) throw new AppError(Code.NotFound, { thing: r.thing }, { thing: r.thing });
    return row;
  };

  route(app, r.calls.list, {
    tags,
    summary: `List (${r.thing['en-US']}), disabled rows included`,
    handler: async (request) => {
      const q = request.query as { page: number; pageSize: number };
      const where = r.where ? (r.where as (query: unknown) => SQL | undefined)(q) : undefined;
      const { list, total } = await pageContent(db, r.kind, q.pageSize, offsetOf(q), where);
      return ok({ list: list.map(toItem), total });
    },
  });

  route(app, r.calls.create, {
    tags,
    summary: `Create (${r.thing['en-US']})`,
    audit: audit('create'),
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

  route(app, r.calls.update, {
    tags,
    summary: `Replace (${r.thing['en-US']})`,
    audit: audit('update'),
    handler: async (request) => {
      const { id } = request.params as { id: number };
      await check(request.body);
      const row = await inAuditedTransaction(db, auditOf(request, { type: r.kind, id }), async (tx) =>
        found(await updateContent(tx, r.kind, id, toRow(request.body) as never)),
      );
      return ok(toItem(row));
    },
  });

  route(app, r.calls.remove, {
    tags,
    summary: `Delete (${r.thing['en-US']})`,
    audit: audit('delete'),
    handler: async (request) => {
      const { id } = request.params as { id: number };
      await inAuditedTransaction(db, auditOf(request, { type: r.kind, id }), async (tx) =>
        found((await deleteContent(tx, r.kind, id)) || undefined),
      );
      return ok(null);
    },
  });
}
