import type { TabIcon } from '@/routes';

/** 24×24 outline glyphs; drawn as data URIs because mini-programs cannot render inline <svg>. */
const glyphs: Record<TabIcon, string> = {
  home: '<path d="M3.5 10.2 12 3.5l8.5 6.7"/><path d="M5.5 9v10.5a1 1 0 0 0 1 1H10v-5.5h4v5.5h3.5a1 1 0 0 0 1-1V9"/>',
  category:
    '<rect x="3.5" y="3.5" width="7" height="7" rx="1.8"/><rect x="13.5" y="3.5" width="7" height="7" rx="1.8"/>' +
    '<rect x="3.5" y="13.5" width="7" height="7" rx="1.8"/><circle cx="17" cy="17" r="3.6"/>',
  orders:
    '<path d="M6.5 3.5h11a1.5 1.5 0 0 1 1.5 1.5v15.5l-2.6-1.6-2.45 1.6-2.45-1.6-2.45 1.6-2.45-1.6L5 20.5V5a1.5 1.5 0 0 1 1.5-1.5z"/>' +
    '<path d="M8.5 8.5h7M8.5 12.5h7"/>',
  person: '<circle cx="12" cy="8" r="4.2"/><path d="M4 20.5c.6-3.9 3.9-6.3 8-6.3s7.4 2.4 8 6.3"/>',
};

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of an ASCII string; mini-programs have no btoa. */
function base64Ascii(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i += 3) {
    const triple = (text.charCodeAt(i) << 16) | ((text.charCodeAt(i + 1) || 0) << 8) | (text.charCodeAt(i + 2) || 0);
    encoded += base64Alphabet[(triple >> 18) & 63]! + base64Alphabet[(triple >> 12) & 63]!;
    encoded += i + 1 < text.length ? base64Alphabet[(triple >> 6) & 63]! : '=';
    encoded += i + 2 < text.length ? base64Alphabet[triple & 63]! : '=';
  }
  return encoded;
}

/** The icon as a data URI; the selected one is tinted as well as coloured, so it reads without colour too. */
export function tabIconUri(icon: TabIcon, color: string, selected: boolean): string {
  const fill = selected ? `fill="${color}" fill-opacity="0.16"` : 'fill="none"';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" ${fill} stroke="${color}" ` +
    `stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${glyphs[icon]}</svg>`;
  return `data:image/svg+xml;base64,${base64Ascii(svg)}`;
}
