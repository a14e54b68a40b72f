import QRCode from 'qrcode';

/**
 * `text` as a QR code image URL. SVG needs no canvas, so the same code draws it in the browser and
 * in mini-programs; medium error correction keeps a long verification URL scannable at phone size.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#1d2433ff', light: '#ffffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
