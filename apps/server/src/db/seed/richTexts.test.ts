import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../modules/content/service';
import { demoRichTexts } from './richTexts';

describe('demo rich texts', () => {
  it('keep every time range such as 09:00-22:00 on one line, also after sanitising', () => {
    const withHours = demoRichTexts.filter((t) => t.html.includes('09:00-22:00'));
    expect(withHours.length).toBeGreaterThanOrEqual(2);
    for (const { html } of withHours) {
      const clean = sanitizeRichText(html);
      const ranges = clean.match(/\d{2}:\d{2}-\d{2}:\d{2}/g) ?? [];
      const kept = clean.match(/<span style="white-space:\s*nowrap;?">\d{2}:\d{2}-\d{2}:\d{2}<\/span>/g) ?? [];
      expect(kept.length).toBe(ranges.length);
    }
  });
});
