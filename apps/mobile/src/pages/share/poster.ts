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

/** Drawn at twice a phone's width, so a saved poster stays sharp on a retina screen. */
export const POSTER_WIDTH = 750;

const qrSize = 420;
const cardLeft = 60;
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

const lineHeightOf = (size: number) => Math.round(size * 1.4);

interface TextBlock {
  lines: string[];
  size: number;
  weight: string;
}

function textBlock(canvas: Pick<PosterCanvas, 'font' | 'measureText'>, text: string, size: number, weight = 'normal'): TextBlock {
  canvas.font = `${weight} ${size}px ${fontFamily}`;
  return { lines: wrapText(canvas, text, POSTER_WIDTH - 120), size, weight };
}

const heightOf = (block: TextBlock) => block.lines.length * lineHeightOf(block.size);

/**
 * Where each part goes. The code card starts under the header's text however many lines it wraps
 * to (English wraps more), and the poster ends a margin under the card, so it has no empty band.
 */
function posterLayout(canvas: Pick<PosterCanvas, 'font' | 'measureText'>, content: PosterContent) {
  const headline = textBlock(canvas, content.headline, 40, 'bold');
  const offer = textBlock(canvas, content.offer, 28);
  const code = textBlock(canvas, content.codeLine, 44, 'bold');
  const footnote = textBlock(canvas, content.footnote, 28);
  const headlineTop = 180;
  const offerTop = headlineTop + heightOf(headline) + 16;
  const cardTop = Math.max(360, offerTop + heightOf(offer) + 28);
  const qrTop = cardTop + 40;
  const codeTop = qrTop + qrSize + 40;
  const footnoteTop = codeTop + heightOf(code) + 16;
  const cardBottom = footnoteTop + heightOf(footnote) + 44;
  return {
    headline,
    offer,
    code,
    footnote,
    headlineTop,
    offerTop,
    cardTop,
    qrTop,
    codeTop,
    footnoteTop,
    cardBottom,
    height: cardBottom + 40,
  };
}

/** The height of the poster of `content`: measure it before sizing the canvas to draw on. */
export function posterHeight(canvas: Pick<PosterCanvas, 'font' | 'measureText'>, content: PosterContent): number {
  return posterLayout(canvas, content).height;
}

function drawBlock(canvas: PosterCanvas, block: TextBlock, top: number, color: string): void {
  canvas.font = `${block.weight} ${block.size}px ${fontFamily}`;
  canvas.fillStyle = color;
  canvas.textAlign = 'center';
  canvas.textBaseline = 'top';
  block.lines.forEach((line, index) => canvas.fillText(line, POSTER_WIDTH / 2, top + index * lineHeightOf(block.size)));
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

/** Draws the whole poster on a canvas POSTER_WIDTH wide and posterHeight(content) tall. */
export function drawPoster(canvas: PosterCanvas, content: PosterContent): void {
  const at = posterLayout(canvas, content);
  canvas.fillStyle = theme.pageBackground;
  canvas.fillRect(0, 0, POSTER_WIDTH, at.height);
  canvas.fillStyle = BRAND_COLOR;
  // The header reaches under the top of the code card.
  canvas.fillRect(0, 0, POSTER_WIDTH, at.cardTop + 160);

  drawBlock(canvas, textBlock(canvas, content.appName, 72, 'bold'), 70, '#ffffff');
  drawBlock(canvas, at.headline, at.headlineTop, '#ffffff');
  drawBlock(canvas, at.offer, at.offerTop, '#ffffff');

  canvas.fillStyle = '#ffffff';
  canvas.fillRect(cardLeft, at.cardTop, POSTER_WIDTH - cardLeft * 2, at.cardBottom - at.cardTop);
  drawQrCode(canvas, content.inviteUrl, (POSTER_WIDTH - qrSize) / 2, at.qrTop, qrSize);

  drawBlock(canvas, at.code, at.codeTop, BRAND_COLOR);
  drawBlock(canvas, at.footnote, at.footnoteTop, theme.textMuted);
}
