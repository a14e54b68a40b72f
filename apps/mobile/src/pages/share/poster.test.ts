import { BRAND_COLOR } from '@maika/shared';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { drawPoster, posterHeight, POSTER_WIDTH, wrapText, type PosterCanvas } from './poster';
import { invitePath } from './invite';

/** A canvas that records what is drawn; each character is half the font size wide. */
function recordingCanvas() {
  const rects: { x: number; y: number; w: number; h: number; fill: string }[] = [];
  const texts: { text: string; x: number; y: number; fill: string }[] = [];
  const canvas: PosterCanvas = {
    fillStyle: '#000000',
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    fillRect(x, y, w, h) {
      rects.push({ x, y, w, h, fill: String(this.fillStyle) });
    },
    fillText(text, x, y) {
      texts.push({ text, x, y, fill: String(this.fillStyle) });
    },
    measureText(text) {
      const size = Number(/(\d+)px/.exec(this.font)?.[1] ?? 10);
      return { width: text.length * size * 0.5 } as TextMetrics;
    },
  };
  return { canvas, rects, texts };
}

const content = {
  appName: '卖卡',
  headline: '闲置卡券 高价回收',
  offer: '好友每张卡到账，您可获得结算金额的 5.00%',
  inviteUrl: 'https://maika.example/#/pages/home/home?p=AB12CD',
  codeLine: '邀请码 AB12CD',
  footnote: '扫码注册，卖卡快速到账',
};

describe('the invite poster', () => {
  it('has a brand-coloured header, the app name, the code and the copy', () => {
    const { canvas, rects, texts } = recordingCanvas();
    drawPoster(canvas, content);
    expect(rects).toContainEqual({ x: 0, y: 0, w: POSTER_WIDTH, h: expect.any(Number), fill: BRAND_COLOR });
    const shown = texts.map((text) => text.text).join('\n');
    for (const line of [content.appName, content.codeLine, content.footnote]) expect(shown).toContain(line);
    // Nothing drawn outside the poster.
    for (const text of texts) expect(text.y).toBeLessThan(posterHeight(canvas, content));
  });

  it('ends just under its last line, in either language: no empty band at the bottom', () => {
    const english = {
      ...content,
      headline: 'Unused gift cards? Sell them for cash',
      offer: 'For every card a friend sells, you get 1.00% of its settlement',
      footnote: 'Scan to sign up and get paid fast, with a rebate for your friend on every card',
    };
    for (const shown of [content, english]) {
      const { canvas, rects, texts } = recordingCanvas();
      drawPoster(canvas, shown);
      const height = posterHeight(canvas, shown);
      const card = rects.find((rect) => rect.fill === '#ffffff' && rect.w > POSTER_WIDTH / 2)!;
      const cardBottom = card.y + card.h;
      const lastLineBottom = Math.max(...texts.map((text) => text.y)) + Math.round(28 * 1.4);
      expect(cardBottom).toBeLessThanOrEqual(height);
      expect(lastLineBottom).toBeLessThanOrEqual(cardBottom - 20);
      expect(cardBottom - lastLineBottom, shown.footnote).toBeLessThan(100);
      expect(height - cardBottom).toBeLessThan(100);
      // The card starts below the header's last line, however many lines the header wraps to.
      const offerLines = texts.filter((text) => text.fill === '#ffffff');
      expect(Math.max(...offerLines.map((text) => text.y)) + Math.round(28 * 1.4)).toBeLessThanOrEqual(card.y);
    }
  });

  it('draws every dark module of the invite link QR code', () => {
    const { canvas, rects } = recordingCanvas();
    drawPoster(canvas, content);
    const { modules } = QRCode.create(content.inviteUrl, { errorCorrectionLevel: 'M' });
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(rects.filter((rect) => rect.fill === '#1d2433')).toHaveLength(dark);
  });

  it('wraps a line wider than the poster, keeping English words whole', () => {
    const { canvas } = recordingCanvas();
    canvas.font = '20px sans-serif';
    const lines = wrapText(canvas, 'For every card a friend sells, you get 5.00% of its settlement', 300);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length * 10).toBeLessThanOrEqual(300);
    expect(lines.join(' ')).toBe('For every card a friend sells, you get 5.00% of its settlement');
    expect(wrapText(canvas, '好友每张卡到账您可获得结算金额的返佣', 100)).toEqual(['好友每张卡到账您可获', '得结算金额的返佣']);
  });

  it('shares the home page with the invite code as p', () => {
    expect(invitePath('AB12CD')).toBe('/pages/home/home?p=AB12CD');
    expect(invitePath(undefined)).toBe('/pages/home/home');
  });
});
