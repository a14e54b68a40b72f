/**
 * Where uploaded images live. Public paths are server-relative (`/uploads/...`), as
 * docs/product.md "Client state and storage" has avatars; private ones (`/private/...`) are names,
 * never served as is.
 */
export interface Storage {
  save(bytes: Buffer, extension: string, folder: string, visibility?: 'public' | 'private'): Promise<string>;
  exists(path: string): Promise<boolean>;
  /** The file's bytes, or null when there is none. */
  read(path: string): Promise<Buffer | null>;
  /** Deletes the file; one already gone is fine. */
  remove(path: string): Promise<void>;
  /** The local folder served at /uploads/, when the storage is on this machine. */
  readonly localRoot?: string;
}

export type ImageType = { mime: string; extension: string };

/** Image type from the file's first bytes, never from its name or the client's content type. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', extension: 'png' };
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')
    return { mime: 'image/gif', extension: 'gif' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return { mime: 'image/webp', extension: 'webp' };
  return null;
}
