/**
 * Users' uploaded images: each has an owner and a purpose (avatar or feedback), is re-encoded
 * before it is stored, counts against a per-minute limit and a daily quota, and is deleted a day
 * later unless an avatar or a feedback message names it. Decoding is the costly part, so every
 * refusal that can be made without it (the limit, the quota, the size the header states) comes
 * first. Feedback images are private: they are shown through signed, short-lived addresses issued
 * only to their author and to support.
 */
import { Code, type UploadPurpose } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError, invalidInput, notFound } from '../../http/envelope';
import { keyedHash, sameHash } from '../../lib/crypto';
import { sniffImage } from '../../providers/storage';
import { decodable, declaredSize, MAX_IMAGE_MEGAPIXELS, reencodeImage, type ImageUse } from '../../providers/storage/reencode';
import { deleteUnattachedUploads, insertUpload, lockUserUploads, uploadsInLastDay } from './repo';

/** How long a signed address of a private image works. */
export const PRIVATE_URL_TTL_SECONDS = 30 * 60;
/** Unattached uploads older than this are deleted. */
export const UNATTACHED_UPLOAD_TTL_SECONDS = 86_400;

const MB = 1024 * 1024;

export async function saveUpload(
  deps: Deps,
  userId: number,
  purpose: UploadPurpose,
  original: Buffer,
): Promise<{ path: string; url: string }> {
  const wait = await deps.limits.uploads.take(String(userId));
  if (wait !== null) throw new AppError(Code.RateLimited, { seconds: wait });
  const { UPLOAD_DAILY_FILES: files, UPLOAD_DAILY_MB: megabytes } = deps.config;
  const overQuota = (used: { files: number; bytes: number }, adding: number) =>
    used.files + 1 > files || used.bytes + adding > megabytes * MB;
  // Before decoding: a user already at the allowance costs one query. Checked again below with
  // the stored size, under the lock.
  if (overQuota(await uploadsInLastDay(deps.database.db, userId), 0)) throw new AppError(Code.UploadQuotaExceeded, { files, megabytes });
  const image = await decodedImage(original, purpose);
  const path = await deps.storage.save(image.bytes, image.extension, purpose, purpose === 'feedback' ? 'private' : 'public');
  try {
    await deps.database.db.transaction(async (tx) => {
      await lockUserUploads(tx, userId);
      if (overQuota(await uploadsInLastDay(tx, userId), image.bytes.length))
        throw new AppError(Code.UploadQuotaExceeded, { files, megabytes });
      await insertUpload(tx, { userId, purpose, path, bytes: image.bytes.length });
    });
  } catch (e) {
    await deps.storage.remove(path);
    throw e;
  }
  return { path, url: displayUrl(deps, path) };
}

/**
 * The upload re-encoded and sized for its use (providers/storage/reencode.ts); refused when it is
 * not an image it claims to be, and, on its header alone, when it has too many pixels to decode.
 */
async function decodedImage(original: Buffer, use: ImageUse): Promise<{ bytes: Buffer; extension: string }> {
  const type = sniffImage(original);
  const size = type && (await declaredSize(original));
  if (!size) throw new AppError(Code.UploadRejected);
  if (!decodable(size)) throw new AppError(Code.UploadTooManyPixels, { ...size, megapixels: MAX_IMAGE_MEGAPIXELS });
  const image = await reencodeImage(original, type, use);
  if (!image) throw new AppError(Code.UploadRejected);
  return image;
}

/** An operator's image for content (banners, logos, rich text), stored public; answers its path. */
export async function saveContentImage(deps: Deps, original: Buffer): Promise<string> {
  const image = await decodedImage(original, 'content');
  return deps.storage.save(image.bytes, image.extension, 'content');
}

const signature = (deps: Deps, path: string, expires: number) => keyedHash(deps.config.appSecret, 'private-file', `${path}|${expires}`);

/** Where a client shows a stored image: public paths as they are, private ones signed for a while. */
export function displayUrl(deps: Deps, path: string, nowMs = Date.now()): string {
  if (!path.startsWith('/private/')) return path;
  const expires = Math.floor(nowMs / 1000) + PRIVATE_URL_TTL_SECONDS;
  return `/api/file${path}?expires=${expires}&signature=${signature(deps, path, expires).toString('base64url')}`;
}

/** The bytes behind a signed address, once its signature and expiry check out. */
export async function readPrivateFile(deps: Deps, path: string, expires: number, given: string): Promise<Buffer> {
  const expected = signature(deps, path, expires);
  if (!sameHash(Buffer.from(given, 'base64url'), expected) || expires * 1000 < Date.now()) {
    throw invalidInput('signature', 'this image link has expired or is not valid; reload the page for a new one');
  }
  const bytes = await deps.storage.read(path);
  if (!bytes) throw notFound('thing.image');
  return bytes;
}

/** Deletes uploads no avatar or feedback took within a day, rows first, then their files. */
export async function deleteUnusedUploads(deps: Deps): Promise<number> {
  const paths = await deleteUnattachedUploads(deps.database.db, UNATTACHED_UPLOAD_TTL_SECONDS);
  for (const path of paths) await deps.storage.remove(path);
  return paths.length;
}
