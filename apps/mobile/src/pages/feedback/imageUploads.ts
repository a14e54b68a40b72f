/**
 * The pictures of a feedback: each is picked, uploaded on its own and may fail on its own, so the
 * form keeps one entry per picture with its upload state and, once uploaded, its server path.
 */
import { FEEDBACK_IMAGES_MAX } from '@maika/shared';
import { useCallback, useReducer, useRef } from 'react';

export type UploadState = 'uploading' | 'done' | 'failed';

export interface PickedImage {
  id: number;
  /** Where the device keeps the picked file (a blob URL on H5): the preview. */
  localPath: string;
  state: UploadState;
  /** The server-relative path the upload answered with; sent with the feedback. */
  path: string | null;
}

export type ImageAction =
  | { type: 'picked'; images: readonly { id: number; localPath: string }[] }
  | { type: 'uploaded'; id: number; path: string }
  | { type: 'failed'; id: number }
  | { type: 'retrying'; id: number }
  | { type: 'removed'; id: number };

/** Picks beyond the limit are dropped; results for a picture removed meanwhile are ignored. */
export function imagesReducer(images: readonly PickedImage[], action: ImageAction): readonly PickedImage[] {
  switch (action.type) {
    case 'picked': {
      const added = action.images.slice(0, roomForImages(images)).map((image) => ({ ...image, state: 'uploading' as const, path: null }));
      return [...images, ...added];
    }
    case 'uploaded':
      return images.map((image) => (image.id === action.id ? { ...image, state: 'done', path: action.path } : image));
    case 'failed':
      return images.map((image) => (image.id === action.id ? { ...image, state: 'failed', path: null } : image));
    case 'retrying':
      return images.map((image) => (image.id === action.id ? { ...image, state: 'uploading', path: null } : image));
    case 'removed':
      return images.filter((image) => image.id !== action.id);
  }
}

/** How many more pictures may be picked (at most 9, docs/product.md "Input limits"). */
export function roomForImages(images: readonly PickedImage[]): number {
  return Math.max(0, FEEDBACK_IMAGES_MAX - images.length);
}

/** Whether the pictures can go with the feedback now: all uploaded, some still uploading, or some failed. */
export function imagesReadiness(images: readonly PickedImage[]): 'ready' | 'uploading' | 'failed' {
  if (images.some((image) => image.state === 'failed')) return 'failed';
  if (images.some((image) => image.state === 'uploading')) return 'uploading';
  return 'ready';
}

export function uploadedPaths(images: readonly PickedImage[]): string[] {
  return images.flatMap((image) => (image.state === 'done' && image.path ? [image.path] : []));
}

/** The picture list, uploading each new picture at once through `upload`. */
export function useImageUploads(upload: (localPath: string) => Promise<{ path: string }>) {
  const [images, dispatch] = useReducer(imagesReducer, []);
  const nextId = useRef(1);
  const latest = useRef(images);
  latest.current = images;

  const send = useCallback(
    (id: number, localPath: string) => {
      upload(localPath).then(
        ({ path }) => dispatch({ type: 'uploaded', id, path }),
        () => dispatch({ type: 'failed', id }),
      );
    },
    [upload],
  );

  const add = useCallback(
    (localPaths: readonly string[]) => {
      const picked = localPaths.slice(0, roomForImages(latest.current)).map((localPath) => ({ id: nextId.current++, localPath }));
      dispatch({ type: 'picked', images: picked });
      for (const image of picked) send(image.id, image.localPath);
    },
    [send],
  );

  const retry = useCallback(
    (image: PickedImage) => {
      dispatch({ type: 'retrying', id: image.id });
      send(image.id, image.localPath);
    },
    [send],
  );

  const remove = useCallback((id: number) => dispatch({ type: 'removed', id }), []);

  return { images, add, retry, remove };
}
