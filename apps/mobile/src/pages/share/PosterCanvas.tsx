import { Canvas } from '@tarojs/components';
import { POSTER_CANVAS_ID } from './posterFile';

/** Mini-programs: the hidden canvas the poster is drawn on before it is saved to the album (posterFile.ts). */
export function PosterCanvas() {
  return <Canvas type="2d" id={POSTER_CANVAS_ID} className="share__poster-canvas" />;
}
