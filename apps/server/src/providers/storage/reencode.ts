import sharp from 'sharp';
import type { ImageType } from './index';

/** Longest side kept; larger images are scaled down (a phone photo is 4000 px and more). */
export const MAX_IMAGE_SIDE = 2048;
// Decoding is refused past this many pixels, so a tiny file that claims huge dimensions cannot eat the memory.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes and encodes the image again: what is stored carries no metadata (EXIF, GPS, camera,
 * comments) and no bytes the decoder did not understand. The EXIF orientation is applied to the
 * pixels first, since it is dropped with the rest. A GIF keeps its first frame, as a PNG.
 * Answers null for bytes that do not decode as the image they claim to be.
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<{ bytes: Buffer; extension: string } | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
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
