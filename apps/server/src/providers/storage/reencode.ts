import sharp, { type ResizeOptions } from 'sharp';
import type { ImageType } from './index';

/** Longest side kept of an image nobody shows on a phone's width alone (feedback screenshots, read in the console). */
export const MAX_IMAGE_SIDE = 2048;
// Decoding is refused past this many pixels, so a tiny file that claims huge dimensions cannot eat the memory.
const MAX_INPUT_PIXELS = 50_000_000;

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
export async function reencodeImage(bytes: Buffer, type: ImageType, use: ImageUse): Promise<{ bytes: Buffer; extension: string } | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
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
