import { describe, expect, it } from 'vitest';
import { qrCodeDataUrl } from './qrCode';

describe('QR code image', () => {
  it('draws a verification URL as an SVG data URL an <Image> can show', async () => {
    const url = await qrCodeDataUrl('http://127.0.0.1:8080/sim/face/cf_0123456789abcdef');
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });

  it('draws different codes for different URLs', async () => {
    expect(await qrCodeDataUrl('https://example.com/a')).not.toBe(await qrCodeDataUrl('https://example.com/b'));
  });
});
