/**
 * The one allow-list for operator-written HTML (rich-text points, announcements). The server keeps
 * only what it allows when content is saved; the app renders only what it allows, so content saved
 * before a narrowing of the list is still shown safely. Anything not listed is dropped: an unknown
 * tag leaves its text behind, a dropped tag takes its content with it.
 */

/** Tags kept, each with the attributes it may carry besides `style`. */
export const richTextTags: Readonly<Record<string, readonly string[]>> = {
  p: [],
  div: [],
  section: [],
  span: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Tags dropped together with everything inside them: code, embedded documents and form controls. */
export const richTextDroppedTags: readonly string[] = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
  'option',
  'button',
  'form',
];

/** Tags without content or end tag. */
export const richTextVoidTags: readonly string[] = ['br', 'hr', 'img'];

/** Schemes a link may use; anything else (javascript:, data:, file:) loses its href. */
export const richTextLinkSchemes: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** Schemes an image may load from; a path without scheme is an upload on the API host. */
export const richTextImageSchemes: readonly string[] = ['http', 'https'];

const colour = /^(?:#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/i;

/**
 * The inline style properties kept (on any kept tag), each with the values it may take. Sizes and
 * positions are left to the app, so content looks the same on every screen and platform.
 */
export const richTextStyles: Readonly<Record<string, RegExp>> = {
  color: colour,
  'background-color': colour,
  'text-align': /^(?:left|right|center|justify)$/,
  'font-weight': /^(?:bold|normal|[1-9]00)$/,
  // Keeps a span such as "09:00-22:00" on one line.
  'white-space': /^nowrap$/,
};

const numericAttribute = /^\d{1,4}$/;

/** `url` if its scheme is one of `schemes` or it has none (a path, or //host/path); otherwise null. */
export function allowedRichTextUrl(url: string, schemes: readonly string[]): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so the check does too.
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(trimmed.replace(/[\t\n\r]/g, ''));
  if (scheme === null) return /^[\w/.~%#?-]/.test(trimmed) || trimmed.startsWith('//') ? trimmed : null;
  return schemes.includes(scheme[1]!.toLowerCase()) ? trimmed : null;
}

/** The declarations of `style` that the list allows, as `name:value;…`, or null when none is. */
export function allowedRichTextStyle(style: string): string | null {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const pattern = Object.prototype.hasOwnProperty.call(richTextStyles, name) ? richTextStyles[name] : undefined;
    if (pattern?.test(value)) kept.push(`${name}:${value}`);
  }
  return kept.length > 0 ? kept.join(';') : null;
}

/** Whether the list keeps `tag` (lower case). */
export function isRichTextTag(tag: string): boolean {
  return Object.prototype.hasOwnProperty.call(richTextTags, tag);
}

/**
 * The attributes of a kept `tag` that the list allows, cleaned: URLs with an allowed scheme, sizes
 * as plain numbers, styles reduced to allowed declarations. An image without a usable source gives
 * null: it is dropped whole.
 */
export function allowedRichTextAttributes(tag: string, attributes: Readonly<Record<string, string>>): Record<string, string> | null {
  const kept: Record<string, string> = {};
  const names = [...(isRichTextTag(tag) ? richTextTags[tag]! : []), 'style'];
  for (const name of names) {
    const value = Object.prototype.hasOwnProperty.call(attributes, name) ? attributes[name] : undefined;
    if (value === undefined) continue;
    let clean: string | null;
    if (name === 'href') clean = allowedRichTextUrl(value, richTextLinkSchemes);
    else if (name === 'src') clean = allowedRichTextUrl(value, richTextImageSchemes);
    else if (name === 'style') clean = allowedRichTextStyle(value);
    else if (name === 'alt') clean = value;
    else clean = numericAttribute.test(value.trim()) ? value.trim() : null;
    if (clean !== null) kept[name] = clean;
  }
  if (tag === 'img' && kept.src === undefined) return null;
  return kept;
}
