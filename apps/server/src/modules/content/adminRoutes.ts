import {
  contract,
  type AuditAction,
  type ContractCall,
  type AdminBannerBody,
  type AdminBannerUpdateBody,
  type AdminNoticeBody,
} from '@maika/shared';
import type { SQL } from 'drizzle-orm';
import type { AppInstance } from '../../http/appInstance';
import { offsetOf } from '../../db/page';
import type { Deps } from '../../deps';
import { route } from '../../http/contractRoute';
import { ok } from '../../http/envelope';
import { bannerPositionIs, pageContent, type BannerRow, type BroadcastRow, type ContentKind, type FaqRow, type NoticeRow } from './repo';
import {
  cleanNotice,
  contentThing,
  createContent,
  getFoundation,
  removeContent,
  replaceContent,
  requireUploadedImage,
  saveFoundation,
} from './service';
import { readUpload, saveContentImage } from '../upload';
import { auditOf, recordAudit } from '../audit';

const tags = ['Admin content'];
const calls = contract.content;

interface Resource {
  kind: ContentKind;
  path: 'banners' | 'notices' | 'broadcasts' | 'faq';
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
    calls: { list: calls.adminBanners, create: calls.createBanner, update: calls.updateBanner, remove: calls.deleteBanner },
    toItem: (r: BannerRow) => ({
      ...r,
      position: r.position as AdminBannerBody['position'],
      imageUrl: r.image,
      createdAt: iso(r.createdAt),
    }),
    // An edit that leaves a picture out keeps the stored one (undefined columns are not written).
    toRow: (b: AdminBannerBody | AdminBannerUpdateBody) => b,
    check: async (deps: Deps, b: AdminBannerBody | AdminBannerUpdateBody) => {
      if (b.image) await requireUploadedImage(deps, b.image);
      if (b.imageEn) await requireUploadedImage(deps, b.imageEn, 'imageEn');
    },
    where: (q: { position?: number }) => (q.position ? bannerPositionIs(q.position) : undefined),
  },
  {
    kind: 'notices',
    path: 'notices',
    calls: { list: calls.adminNotices, create: calls.createNotice, update: calls.updateNotice, remove: calls.deleteNotice },
    toItem: (r: NoticeRow) => ({ ...r, publishedAt: iso(r.publishedAt) }),
    // Left out: now for a new notice (the column default), unchanged for an edited one.
    toRow: (b: AdminNoticeBody) => ({ ...cleanNotice(b), publishedAt: b.publishedAt ? new Date(b.publishedAt) : undefined }),
  },
  {
    kind: 'broadcasts',
    path: 'broadcasts',
    calls: { list: calls.adminBroadcasts, create: calls.createBroadcast, update: calls.updateBroadcast, remove: calls.deleteBroadcast },
    toItem: (r: BroadcastRow) => ({ ...r, createdAt: iso(r.createdAt) }),
    toRow: (b: Record<string, unknown>) => b,
  },
  {
    kind: 'faqs',
    path: 'faq',
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
  const thing = contentThing[r.kind];
  const audit = (verb: 'create' | 'update' | 'delete'): AuditAction => `content.${r.path}.${verb}`;
  const toItem = r.toItem as (row: unknown) => unknown;
  const toRow = r.toRow as (body: unknown) => Record<string, unknown>;
  const check = async (body: unknown) => r.check && (await (r.check as (deps: Deps, body: unknown) => Promise<void>)(deps, body));

  route(app, r.calls.list, {
    tags,
    summary: `List (${thing['en-US']}), disabled rows included`,
    handler: async (request) => {
      const q = request.query as { page: number; pageSize: number };
      const where = r.where ? (r.where as (query: unknown) => SQL | undefined)(q) : undefined;
      const { list, total } = await pageContent(db, r.kind, q.pageSize, offsetOf(q), where);
      return ok({ list: list.map(toItem), total });
    },
  });

  route(app, r.calls.create, {
    tags,
    summary: `Create (${thing['en-US']})`,
    audit: audit('create'),
    handler: async (request) => {
      await check(request.body);
      return ok(toItem(await createContent(deps, r.kind, toRow(request.body) as never, auditOf(request))));
    },
  });

  route(app, r.calls.update, {
    tags,
    summary: `Replace (${thing['en-US']})`,
    audit: audit('update'),
    handler: async (request) => {
      const { id } = request.params as { id: number };
      await check(request.body);
      return ok(toItem(await replaceContent(deps, r.kind, id, toRow(request.body) as never, auditOf(request, { type: r.kind, id }))));
    },
  });

  route(app, r.calls.remove, {
    tags,
    summary: `Delete (${thing['en-US']})`,
    audit: audit('delete'),
    handler: async (request) => {
      const { id } = request.params as { id: number };
      await removeContent(deps, r.kind, id, auditOf(request, { type: r.kind, id }));
      return ok(null);
    },
  });
}
