import { FEEDBACK_IMAGES_MAX } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { imagesReadiness, imagesReducer, roomForImages, uploadedPaths, type PickedImage } from './imageUploads';

const pick = (images: readonly PickedImage[], ...ids: number[]) =>
  imagesReducer(images, { type: 'picked', images: ids.map((id) => ({ id, localPath: `blob:local/${id}` })) });

describe('feedback pictures', () => {
  it('uploads each picked picture on its own and keeps them in the order picked', () => {
    let images = pick([], 1, 2, 3);
    expect(images.map((image) => image.state)).toEqual(['uploading', 'uploading', 'uploading']);
    images = imagesReducer(images, { type: 'uploaded', id: 2, path: '/uploads/b.png' });
    images = imagesReducer(images, { type: 'failed', id: 3 });
    expect(images.map((image) => image.state)).toEqual(['uploading', 'done', 'failed']);
    expect(imagesReadiness(images)).toBe('failed');
    images = imagesReducer(images, { type: 'uploaded', id: 1, path: '/uploads/a.png' });
    images = imagesReducer(images, { type: 'retrying', id: 3 });
    expect(imagesReadiness(images)).toBe('uploading');
    images = imagesReducer(images, { type: 'uploaded', id: 3, path: '/uploads/c.png' });
    expect(imagesReadiness(images)).toBe('ready');
    expect(uploadedPaths(images)).toEqual(['/uploads/a.png', '/uploads/b.png', '/uploads/c.png']);
  });

  it('takes no more than nine pictures, however many are picked', () => {
    const images = pick(pick([], 1, 2, 3, 4, 5, 6, 7), 8, 9, 10, 11);
    expect(images).toHaveLength(FEEDBACK_IMAGES_MAX);
    expect(images.at(-1)?.id).toBe(9);
    expect(roomForImages(images)).toBe(0);
  });

  it('forgets a removed picture, even when its upload answers afterwards', () => {
    let images = pick([], 1, 2);
    images = imagesReducer(images, { type: 'removed', id: 1 });
    images = imagesReducer(images, { type: 'uploaded', id: 1, path: '/uploads/late.png' });
    expect(images.map((image) => image.id)).toEqual([2]);
    expect(uploadedPaths(images)).toEqual([]);
    expect(roomForImages(images)).toBe(FEEDBACK_IMAGES_MAX - 1);
  });
});
