import {
  allowedRichTextAttributes,
  Code,
  richTextDroppedTags,
  richTextImageSchemes,
  richTextLinkSchemes,
  richTextStyles,
  richTextTags,
  textCatalogue,
  VersionInfo,
  type AdminFoundationBody,
  type Foundation,
  type Locale,
  type LocalizedText,
} from '@maika/shared';
import sanitizeHtml from 'sanitize-html';
import type { Queryable } from '../../db/client';
import type { AdminRole } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, invalidInput, notFound } from '../../http/envelope';
import { changePublicContent } from '../../lib/publicCache';
import { inAuditedTransaction, recordAudit, type AdminAction } from '../audit';
import {
  deleteContent,
  findNotice,
  findRichText,
  insertContent,
  listBanners,
  mergeSetting,
  readSetting,
  saveRichText,
  updateContent,
  type ContentKind,
  type contentTables,
} from './repo';

export const FOUNDATION_KEY = 'foundation';

/** What operators set; the version fields come from the release itself and are never stored. */
export type FoundationSettings = Omit<Foundation, 'versionStamp' | 'versionCode'>;

export const defaultFoundation: FoundationSettings = {
  siteName: '卖卡',
  customerServiceUrl: { h5: '', weapp: '', alipay: '' },
  appLaunchUrl: { h5: '', weapp: '', alipay: '' },
  oldPlatformUrl: '',
  icp: '',
  servicePhone: '',
  serviceHours: '',
  weappContact: false,
  mailingAddress: { recipient: '', recipientEn: '', phone: '', address: '', addressEn: '' },
  rebateRateBp: 100,
};

/** The enabled banners of a position (of every position when none), as visitors read them: kept in the public cache. */
export function publicBanners(deps: Deps, locale: Locale, position?: number) {
  return deps.publicCache.get(`banners:${locale}:${position ?? 'all'}`, () => listBanners(deps.database.db, locale, position));
}

export async function getFoundation(deps: Deps, db: Queryable = deps.database.db): Promise<Foundation> {
  const stored = await readSetting<Partial<FoundationSettings>>(db, FOUNDATION_KEY);
  return { ...defaultFoundation, ...stored, versionStamp: VersionInfo.stamp, versionCode: VersionInfo.constant };
}

export async function getNotice(deps: Deps, id: number, locale: Locale) {
  const notice = await findNotice(deps.database.db, id, locale);
  if (!notice) throw notFound('thing.notice');
  return notice;
}

/** The English version has a file of its own (`1-3.en.html`) beside the Chinese one (`1-3.html`). */
export const richTextPath = (point: number, version: number, english = false) =>
  `/files/richText/${point}-${version}${english ? '.en' : ''}.html`;

/** The reader's version of a template: English readers get the Chinese one until an English one is written. */
export async function getRichTextTemplate(deps: Deps, point: number, locale: Locale) {
  const row = await findRichText(deps.database.db, point);
  if (!row) throw notFound('thing.content');
  const english = locale === 'en-US' && !!row.htmlEn;
  return { template: richTextPath(row.point, row.version, english), updatedAt: row.updatedAt.toISOString() };
}

/** The stored HTML a served file name stands for, or undefined when that version is gone. */
export async function richTextFile(deps: Deps, file: string): Promise<string | undefined> {
  const [, point, version, english] = /^(\d{1,2})-(\d+)(\.en)?\.html$/.exec(file) ?? [];
  const row = await findRichText(deps.database.db, Number(point));
  if (!row || row.version !== Number(version)) return undefined;
  return english ? (row.htmlEn ?? undefined) : row.html;
}

const keptStyles = Object.fromEntries(Object.entries(richTextStyles).map(([name, pattern]) => [name, [pattern]]));

/** sanitize-html configured from the shared allow-list, which the app's renderer also follows. */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(richTextTags),
  allowedAttributes: Object.fromEntries(
    Object.entries(richTextTags).map(([tag, names]) => [tag, [...names, 'style', ...(tag === 'a' ? ['rel'] : [])]]),
  ),
  allowedSchemes: [...richTextLinkSchemes],
  allowedSchemesByTag: { img: [...richTextImageSchemes] },
  allowedStyles: { '*': keptStyles },
  nonTextTags: [...richTextDroppedTags],
  disallowedTagsMode: 'discard',
  // The list's own checks (numeric sizes, schemes, style values) decide each kept attribute's value;
  // a stored link never gives the page it opens a handle on ours, whatever shows it.
  transformTags: {
    '*': (tagName, attribs) => {
      const kept = allowedRichTextAttributes(tagName, attribs) ?? {};
      return { tagName, attribs: tagName === 'a' ? { ...kept, rel: 'noopener noreferrer' } : kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Operator HTML is cleaned when saved: what the shared allow-list keeps stays, the rest goes. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions);
}

/** Cleaned HTML a reader would see something of: some text, or a picture. */
function showsSomething(html: string): boolean {
  return /<img\b/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}

/**
 * The HTML of a page that must show something, cleaned; refused, before anything is saved, when
 * cleaning leaves nothing to read (only scripts, or an editor's empty paragraphs).
 */
function cleanShown(field: string, html: string): string {
  const cleaned = sanitizeRichText(html);
  if (!showsSomething(cleaned))
    throw invalidInput(field, 'has no text or picture once tags that are not allowed are removed; write some text');
  return cleaned;
}

/** An English version as it is stored: nothing to read in it (an empty editor) means none, and English readers get the Chinese. */
const cleanEnglish = (html: string) => {
  const cleaned = sanitizeRichText(html);
  return showsSomething(cleaned) ? cleaned : null;
};

/** An announcement's HTML as it is stored: cleaned, with something to read; the English version optional. */
export function cleanNotice<T extends { content: string; contentEn: string | null }>(notice: T): T {
  return { ...notice, content: cleanShown('content', notice.content), contentEn: notice.contentEn && cleanEnglish(notice.contentEn) };
}

/** `htmlEn` left out keeps the English version; empty removes it (English readers then get the Chinese). */
export async function saveRichTextTemplate(deps: Deps, point: number, html: string, htmlEn: string | undefined, audit?: AdminAction) {
  const chinese = cleanShown('html', html);
  const english = htmlEn === undefined ? undefined : cleanEnglish(htmlEn);
  const row = await changePublicContent(deps, () =>
    deps.database.db.transaction(async (tx) => {
      const saved = await saveRichText(tx, point, chinese, english);
      await recordAudit(tx, audit);
      return saved;
    }),
  );
  return { template: richTextPath(row.point, row.version), updatedAt: row.updatedAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Back office

/**
 * Saves the foundation settings and returns them with the previous values for the audit. The
 * rebate rate is money: only an administrator may change it (support edits the rest).
 */
export async function saveFoundation(
  deps: Deps,
  body: AdminFoundationBody,
  role: AdminRole,
  audit?: AdminAction,
): Promise<{ before: Foundation; after: Foundation }> {
  const before = await getFoundation(deps);
  if (body.rebateRateBp !== before.rebateRateBp && role !== 'admin') throw new AppError(Code.AdminForbidden);
  const after = await changePublicContent(deps, () =>
    deps.database.db.transaction(async (tx) => {
      await mergeSetting(tx, FOUNDATION_KEY, body);
      const saved = await getFoundation(deps, tx);
      await recordAudit(tx, audit, { detail: { before, after: saved } });
      return saved;
    }),
  );
  return { before, after };
}

type ContentRow<K extends ContentKind> = (typeof contentTables)[K]['$inferSelect'];
type ContentValues<K extends ContentKind> = (typeof contentTables)[K]['$inferInsert'];

/** What each kind of row is called in messages (a missing one is "not found"). */
export const contentThing = {
  banners: textCatalogue['thing.banner'],
  notices: textCatalogue['thing.notice'],
  broadcasts: textCatalogue['thing.broadcast'],
  faqs: textCatalogue['thing.faq'],
} satisfies Record<ContentKind, LocalizedText>;

const contentNotFound = (kind: ContentKind) => new AppError(Code.NotFound, { thing: contentThing[kind] }, { thing: contentThing[kind] });

export function createContent<K extends ContentKind>(deps: Deps, kind: K, values: ContentValues<K>, audit?: AdminAction) {
  return changePublicContent(deps, () =>
    inAuditedTransaction(
      deps.database.db,
      audit,
      (tx) => insertContent(tx, kind, values),
      (created) => ({ type: kind, id: (created as ContentRow<ContentKind>).id }),
    ),
  );
}

export function replaceContent<K extends ContentKind>(
  deps: Deps,
  kind: K,
  id: number,
  values: Partial<ContentValues<K>>,
  audit?: AdminAction,
) {
  return changePublicContent(deps, () =>
    inAuditedTransaction(deps.database.db, audit, async (tx) => {
      const row = await updateContent(tx, kind, id, values);
      if (!row) throw contentNotFound(kind);
      return row;
    }),
  );
}

export function removeContent(deps: Deps, kind: ContentKind, id: number, audit?: AdminAction): Promise<void> {
  return changePublicContent(deps, () =>
    inAuditedTransaction(deps.database.db, audit, async (tx) => {
      if (!(await deleteContent(tx, kind, id))) throw contentNotFound(kind);
    }),
  );
}

/** An image a content row points at must be one that was uploaded here. */
export async function requireUploadedImage(deps: Deps, path: string, field = 'image'): Promise<void> {
  if (!(await deps.storage.exists(path))) throw invalidInput(field, 'was not found; upload the image again');
}
