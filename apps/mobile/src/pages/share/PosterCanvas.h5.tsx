/**
 * H5 draws the poster on an off-screen canvas (posterFile.ts) and shows it in a sheet, so the page
 * needs no canvas of its own; Taro's Canvas is a web component there.
 */
export function PosterCanvas() {
  return null;
}
