import sharp, { type ResizeOptions } from 'sharp';
import type { ImageType } from './contract';

/** Longest side kept of an image nobody shows on a phone's width alone (feedback screenshots, read in the console). */
export const MAX_IMAGE_SIDE = 2048;
/**
 * The most pixels an image may have to be decoded at all (a phone's camera takes 12): checked on
 * the header before decoding, so a small file that claims huge dimensions costs nothing.
 */
export const MAX_IMAGE_MEGAPIXELS = 16;
const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

// Images decoded at once, each on one libvips thread: a burst of uploads waits its turn here
// instead of taking every core and the memory of many decoded images at the same time.
const DECODING_SLOTS = 2;
sharp.concurrency(1);

/** Runs `task` when fewer than `slots` tasks run, in the order they came. */
function slotsOf(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, or is freed.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}
const decoding = slotsOf(DECODING_SLOTS);

/** An image's size as its header states it, read without decoding; null when there is no readable header. */
export async function declaredSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Whether an image of this size may be decoded (MAX_IMAGE_MEGAPIXELS). */
export const decodable = (size: { width: number; height: number }) => size.width * size.height <= MAX_IMAGE_PIXELS;

/**
 * How large each use of an image is kept: no more pixels than a 375-point phone shows at 2×.
 * Avatars are drawn at most 60 points wide and cropped to a circle, so their short side is kept at
 * 120; content images (banners, logos, rich-text pictures) are at most as wide as the phone (750,
 * a banner's 750 × 300); feedback screenshots stay legible to support on a desktop.
 */
export const imageSizes = {
  avatar: { width: 120, height: 120, fit: 'outside' },
  content: { width: 750, height: MAX_IMAGE_SIDE, fit: 'inside' },
  feedback: { width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside' },
} as const satisfies Record<string, ResizeOptions>;
export type ImageUse = keyof typeof imageSizes;

/**
 * Decodes and encodes the image again, scaled down to its use: what is stored carries no metadata
 * (EXIF, GPS, camera, comments) and no bytes the decoder did not understand. The EXIF orientation
 * is applied to the pixels first, since it is dropped with the rest. A GIF keeps its first frame,
 * as a PNG. Answers null for bytes that do not decode as the image they claim to be.
 */
export function reencodeImage(bytes: Buffer, type: ImageType, use: ImageUse): Promise<{ bytes: Buffer; extension: string } | null> {
  return decoding(() => reencodeNow(bytes, type, use));
}

async function reencodeNow(bytes: Buffer, type: ImageType, use: ImageUse): Promise<{ bytes: Buffer; extension: string } | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ ...imageSizes[use], withoutEnlargement: true });
    switch (type.extension) {
      case 'jpg':
        return { bytes: await image.jpeg({ quality: 85 }).toBuffer(), extension: 'jpg' };
      case 'webp':
        return { bytes: await image.webp({ quality: 85 }).toBuffer(), extension: 'webp' };
      default:
        return { bytes: await image.png().toBuffer(), extension: 'png' };
    }
  } catch {
    return null;
  }
}
