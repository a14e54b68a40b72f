import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../modules/content';
import { demoRichTexts } from './richTexts';

describe('demo rich texts', () => {
  it('keep every time range such as 09:00-22:00 on one line, in both languages, also after sanitising', () => {
    const withHours = demoRichTexts.flatMap((t) => [t.html, t.htmlEn]).filter((html) => html.includes('09:00-22:00'));
    expect(withHours.length).toBeGreaterThanOrEqual(4);
    for (const html of withHours) {
      const clean = sanitizeRichText(html);
      const ranges = clean.match(/\d{2}:\d{2}-\d{2}:\d{2}/g) ?? [];
      const kept = clean.match(/<span style="white-space:\s*nowrap;?">\d{2}:\d{2}-\d{2}:\d{2}<\/span>/g) ?? [];
      expect(kept.length).toBe(ranges.length);
    }
  });

  it('have an English version of every point, free of Chinese', () => {
    expect(demoRichTexts.map((t) => t.point)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const { point, htmlEn } of demoRichTexts) {
      expect(htmlEn.length, `point ${point}`).toBeGreaterThan(50);
      expect(htmlEn, `point ${point}`).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
