/**
 * Where a drawn poster goes. H5 draws on an off-screen canvas and hands over a PNG data URL, to be
 * pressed and held or downloaded; mini-programs draw on the page's `type="2d"` canvas and save the
 * picture to the photo album.
 */
import Taro from '@tarojs/taro';
import { drawPoster, posterHeight, POSTER_WIDTH, type PosterCanvas, type PosterContent } from './poster';

/** The id of the hidden canvas the share page renders for mini-programs. */
export const POSTER_CANVAS_ID = 'share-poster-canvas';

export const POSTER_FILE_NAME = 'maika-invite.png';

/** H5: the poster as a PNG data URL. */
export function posterDataUrl(content: PosterContent): string {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw on a canvas');
  // Sizing the canvas resets its context, so the height is measured first.
  const height = posterHeight(context, content);
  canvas.width = POSTER_WIDTH;
  canvas.height = height;
  drawPoster(context, content);
  return canvas.toDataURL('image/png');
}

/** H5: saves a data URL as a file through the browser's own download. */
export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function posterCanvas(): Promise<Taro.Canvas> {
  return new Promise((resolve, reject) => {
    Taro.createSelectorQuery()
      .select(`#${POSTER_CANVAS_ID}`)
      .fields({ node: true, size: true })
      .exec((results: { node?: Taro.Canvas }[]) => {
        const node = results[0]?.node;
        if (node) resolve(node);
        else reject(new Error('the poster canvas is not on the page'));
      });
  });
}

export type AlbumOutcome = 'saved' | 'denied' | 'cancelled';

/** Mini-programs: draws the poster and saves it to the photo album; a refused permission is an outcome, not a failure. */
export async function savePosterToAlbum(content: PosterContent): Promise<AlbumOutcome> {
  const canvas = await posterCanvas();
  const context = canvas.getContext('2d') as PosterCanvas;
  const height = posterHeight(context, content);
  canvas.width = POSTER_WIDTH;
  canvas.height = height;
  drawPoster(context, content);
  const { tempFilePath } = await Taro.canvasToTempFilePath({ canvas, fileType: 'png' });
  try {
    await Taro.saveImageToPhotosAlbum({ filePath: tempFilePath });
    return 'saved';
  } catch (failure) {
    const message = (failure as { errMsg?: string } | null)?.errMsg ?? '';
    if (/auth|authorize|permission/i.test(message)) return 'denied';
    if (/cancel/i.test(message)) return 'cancelled';
    throw failure;
  }
}

/** The permission the album needs, as openSetting reports it. */
const ALBUM_SCOPE = 'scope.writePhotosAlbum';

export interface AlbumSettingPrompt {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

/**
 * Mini-programs ask for the album only once: after a refusal saveImageToPhotosAlbum fails at once,
 * forever. The only way back is the settings page, which must be opened from the user's tap (the
 * modal's confirm button). Answers true when the user switched the album back on.
 */
export async function offerAlbumSetting(prompt: AlbumSettingPrompt): Promise<boolean> {
  const { confirm } = await Taro.showModal({ ...prompt, showCancel: true });
  if (!confirm) return false;
  const { authSetting } = await Taro.openSetting();
  return (authSetting as Record<string, boolean | undefined>)[ALBUM_SCOPE] === true;
}
