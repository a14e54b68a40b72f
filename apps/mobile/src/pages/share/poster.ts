/**
 * The invite poster, drawn with the 2D canvas calls the browser and the mini-programs' `type="2d"`
 * canvas share, so one drawing serves every platform. The QR code is drawn module by module: a
 * canvas on a mini-program cannot draw an SVG data URL, and squares need no image loading at all.
 */
import { BRAND_COLOR } from '@maika/shared';
import QRCode from 'qrcode';
import { theme } from '@/theme';

/** The canvas calls the poster needs; both platforms' contexts have them. */
export type PosterCanvas = Pick<CanvasRenderingContext2D, 'fillRect' | 'fillText' | 'measureText'> & {
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
};

export interface PosterContent {
  appName: string;
  headline: string;
  /** The rebate offer, in the reader's language. */
  offer: string;
  inviteUrl: string;
  codeLine: string;
  footnote: string;
}

/**
 * Drawn at twice a phone's width, so a saved poster stays sharp on a retina screen; as tall as the
 * code card needs (a two-line English footnote included), with no empty band under it.
 */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1100;

const headerHeight = 520;
const qrSize = 420;
const qrTop = 400;
const textColor = '#1d2433';
const fontFamily = '"PingFang SC", "Helvetica Neue", Arial, sans-serif';

/** `text` broken into lines no wider than `maxWidth`; Chinese has no spaces, so it breaks anywhere. */
export function wrapText(canvas: Pick<PosterCanvas, 'measureText'>, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of Array.from(text)) {
    const candidate = line + char;
    if (line !== '' && canvas.measureText(candidate).width > maxWidth) {
      // Prefer breaking at the last space of a Latin line, so words stay whole.
      const space = line.lastIndexOf(' ');
      if (space > 0 && char !== ' ') {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1) + char;
      } else {
        lines.push(line.trimEnd());
        line = char === ' ' ? '' : char;
      }
    } else {
      line = candidate;
    }
  }
  if (line.trim() !== '') lines.push(line.trim());
  return lines;
}

function centredLines(canvas: PosterCanvas, text: string, top: number, size: number, color: string, weight = 'normal'): number {
  canvas.font = `${weight} ${size}px ${fontFamily}`;
  canvas.fillStyle = color;
  canvas.textAlign = 'center';
  canvas.textBaseline = 'top';
  const lineHeight = Math.round(size * 1.4);
  const lines = wrapText(canvas, text, POSTER_WIDTH - 120);
  lines.forEach((line, index) => canvas.fillText(line, POSTER_WIDTH / 2, top + index * lineHeight));
  return top + lines.length * lineHeight;
}

/** The QR code of `text` as squares on a white card with a quiet zone around it. */
export function drawQrCode(canvas: PosterCanvas, text: string, left: number, top: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quietZone = 2;
  const cell = size / (modules.size + quietZone * 2);
  canvas.fillStyle = '#ffffff';
  canvas.fillRect(left, top, size, size);
  canvas.fillStyle = textColor;
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      // Squares a hair larger than a cell, so anti-aliasing leaves no seams between neighbours.
      if (modules.get(row, col)) canvas.fillRect(left + (col + quietZone) * cell, top + (row + quietZone) * cell, cell + 0.5, cell + 0.5);
    }
  }
}

/** Draws the whole poster on a POSTER_WIDTH × POSTER_HEIGHT canvas. */
export function drawPoster(canvas: PosterCanvas, content: PosterContent): void {
  canvas.fillStyle = theme.pageBackground;
  canvas.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  canvas.fillStyle = BRAND_COLOR;
  canvas.fillRect(0, 0, POSTER_WIDTH, headerHeight);

  centredLines(canvas, content.appName, 70, 72, '#ffffff', 'bold');
  const afterHeadline = centredLines(canvas, content.headline, 180, 40, '#ffffff', 'bold');
  centredLines(canvas, content.offer, afterHeadline + 16, 28, '#ffffff');

  const cardLeft = 60;
  canvas.fillStyle = '#ffffff';
  canvas.fillRect(cardLeft, qrTop - 40, POSTER_WIDTH - cardLeft * 2, POSTER_HEIGHT - qrTop);
  drawQrCode(canvas, content.inviteUrl, (POSTER_WIDTH - qrSize) / 2, qrTop, qrSize);

  const afterCode = centredLines(canvas, content.codeLine, qrTop + qrSize + 40, 44, BRAND_COLOR, 'bold');
  centredLines(canvas, content.footnote, afterCode + 16, 28, theme.textMuted);
}
