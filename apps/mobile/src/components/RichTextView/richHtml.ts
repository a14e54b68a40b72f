/**
 * Rich texts and announcements arrive as HTML written in the admin console. Before it is shown it
 * is parsed into an allow-listed node tree: scripts, styles, event handlers and unsafe URLs go,
 * image paths are made absolute (SPEC.md §7). H5 renders the tree serialized back to HTML;
 * mini-programs pass it to `<rich-text nodes>`, which on Alipay takes node arrays only.
 */

export interface RichTextElement {
  name: string;
  attrs: Record<string, string>;
  children: RichTextNode[];
}

export interface RichTextString {
  type: 'text';
  text: string;
}

export type RichTextNode = RichTextElement | RichTextString;

/** Tags kept, each with the attributes it may carry. Other tags are unwrapped: their text stays. */
const allowedTags: Readonly<Record<string, readonly string[]>> = {
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

/** Dropped with everything inside them. */
const droppedTags = new Set([
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
  'button',
  'form',
]);

const voidTags = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'col', 'area', 'base', 'embed', 'param', 'track']);

/** Containers whose whitespace-only text is layout noise between their children, not content. */
const blockContainers = new Set(['', 'ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'div', 'section', 'blockquote']);

const namedEntities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ldquo: '\u201c',
  rdquo: '\u201d',
  lsquo: '\u2018',
  rsquo: '\u2019',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  middot: '\u00b7',
  yen: '\u00a5',
  times: '\u00d7',
  copy: '\u00a9',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const codePoint = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

const tokenPattern =
  /<!--[\s\S]*?-->|<![^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|[^<]+|</g;
const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  attributePattern.lastIndex = 0;
  for (let match = attributePattern.exec(source); match; match = attributePattern.exec(source)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** An image source made absolute, or null when it is not an image URL we load. */
function safeImageSource(src: string, resolveAsset: (path: string) => string): string | null {
  const trimmed = src.trim();
  if (/^data:image\/(?:png|jpe?g|gif|webp);/i.test(trimmed)) return trimmed;
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  // Any other scheme (javascript:, file:, data:text/html) is refused; a path belongs to the API host.
  if (/^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed === '') return null;
  return resolveAsset(trimmed);
}

function safeLink(href: string): string | null {
  const trimmed = href.trim();
  return /^(?:https?:|mailto:|tel:)/i.test(trimmed) ? trimmed : null;
}

function keptAttributes(
  tag: string,
  attributes: Map<string, string>,
  resolveAsset: (path: string) => string,
): Record<string, string> | null {
  const kept: Record<string, string> = {};
  for (const name of allowedTags[tag] ?? []) {
    const value = attributes.get(name);
    if (value === undefined) continue;
    if (name === 'src') {
      const src = safeImageSource(value, resolveAsset);
      if (src === null) return null;
      kept.src = src;
    } else if (name === 'href') {
      const href = safeLink(value);
      if (href !== null) kept.href = href;
    } else if (/^\d{1,4}$/.test(value) || name === 'alt') {
      kept[name] = value;
    }
  }
  // An image without a usable source is dropped whole.
  if (tag === 'img' && kept.src === undefined) return null;
  return kept;
}

/**
 * Parses `html` into the allow-listed tree; relative image paths go through `resolveAsset`.
 * Tolerant of what editors produce: unclosed tags close with their parent, stray end tags are ignored.
 */
export function parseRichHtml(html: string, resolveAsset: (path: string) => string): RichTextNode[] {
  const root: RichTextElement = { name: '', attrs: {}, children: [] };
  const open: RichTextElement[] = [root];
  let droppingUntil: string | null = null;

  // exec loops rather than matchAll / findLastIndex: older mini-program runtimes lack them.
  tokenPattern.lastIndex = 0;
  for (let match = tokenPattern.exec(html); match; match = tokenPattern.exec(html)) {
    const [token, closingName, openingName, attributeSource = ''] = match;
    if (droppingUntil !== null) {
      if (closingName?.toLowerCase() === droppingUntil) droppingUntil = null;
      continue;
    }
    const parent = open[open.length - 1]!;
    if (closingName !== undefined) {
      const tag = closingName.toLowerCase();
      let index = open.length - 1;
      while (index > 0 && open[index]!.name !== tag) index--;
      if (index > 0) open.length = index;
      continue;
    }
    if (openingName !== undefined) {
      const tag = openingName.toLowerCase();
      const selfClosing = token.endsWith('/>') || voidTags.has(tag);
      if (droppedTags.has(tag)) {
        if (!selfClosing) droppingUntil = tag;
        continue;
      }
      if (!(tag in allowedTags)) continue;
      const attrs = keptAttributes(tag, parseAttributes(attributeSource), resolveAsset);
      if (attrs === null) continue;
      const element: RichTextElement = { name: tag, attrs, children: [] };
      parent.children.push(element);
      if (!selfClosing) open.push(element);
      continue;
    }
    if (token.startsWith('<!')) continue;
    if (token.trim() === '' && blockContainers.has(parent.name)) continue;
    parent.children.push({ type: 'text', text: decodeEntities(token) });
  }
  return root.children;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** The tree as HTML again, every text and attribute escaped. */
export function toHtml(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      if ('type' in node) return escapeText(node.text);
      const attributes = Object.entries(node.attrs)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      // Links open outside the app, never inside the page's own frame.
      const target = node.name === 'a' && node.attrs.href ? ' target="_blank" rel="noopener noreferrer"' : '';
      if (voidTags.has(node.name)) return `<${node.name}${attributes}>`;
      return `<${node.name}${attributes}${target}>${toHtml(node.children)}</${node.name}>`;
    })
    .join('');
}

/** The tree with a `style` on every element from `styles` (mini-programs do not apply page CSS inside rich-text). */
export function withInlineStyles(nodes: readonly RichTextNode[], styles: Readonly<Record<string, string>>): RichTextNode[] {
  return nodes.map((node) => {
    if ('type' in node) return node;
    const style = styles[node.name];
    return {
      name: node.name,
      attrs: style ? { ...node.attrs, style } : node.attrs,
      children: withInlineStyles(node.children, styles),
    };
  });
}
