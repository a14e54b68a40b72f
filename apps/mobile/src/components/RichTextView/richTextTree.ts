/**
 * Rich texts and announcements arrive as HTML written in the admin console (docs/product.md
 * "API calls"). Before it is shown it is parsed with htmlparser2 into a tree that holds only what the
 * shared allow-list keeps (the server applies the same list when content is saved): unknown tags
 * leave their text, dropped tags go with their content, attributes are cleaned and image paths made
 * absolute. H5 renders the tree serialized back to HTML; mini-programs pass it to
 * `<rich-text nodes>`, which on Alipay takes node arrays only.
 */
import { allowedRichTextAttributes, isRichTextTag, richTextDroppedTags, richTextImageSchemes, richTextVoidTags } from '@maika/shared';
import { Parser } from 'htmlparser2';

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

/** Containers whose whitespace-only text is layout noise between their children, not content. */
const blockContainers = ['', 'ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'div', 'section', 'blockquote'];

/** An image source the app loads: absolute as it is, a path made absolute on the API host. */
function imageSource(src: string, resolveAsset: (path: string) => string): string {
  const absolute = src.startsWith('//') || richTextImageSchemes.some((scheme) => src.toLowerCase().startsWith(`${scheme}:`));
  return absolute ? src : resolveAsset(src);
}

function dropLayoutWhitespace(element: RichTextElement): void {
  if (blockContainers.indexOf(element.name) < 0) return;
  element.children = element.children.filter((child) => !('type' in child) || child.text.trim() !== '');
}

/**
 * Parses `html` into the allow-listed tree; relative image paths go through `resolveAsset`.
 * htmlparser2 is as tolerant as browsers: unclosed tags close with their parent, stray end tags
 * are ignored, entities are decoded.
 */
export function parseRichHtml(html: string, resolveAsset: (path: string) => string): RichTextNode[] {
  const root: RichTextElement = { name: '', attrs: {}, children: [] };
  // One entry per open tag: the element it made, or null for a tag unwrapped (its content goes to the parent).
  const open: (RichTextElement | null)[] = [];
  const containers: RichTextElement[] = [root];
  let droppedDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (droppedDepth > 0 || richTextDroppedTags.indexOf(name) >= 0) {
          droppedDepth++;
          return;
        }
        const attrs = isRichTextTag(name) ? allowedRichTextAttributes(name, attributes) : null;
        if (attrs === null) {
          open.push(null);
          return;
        }
        if (attrs.src !== undefined) attrs.src = imageSource(attrs.src, resolveAsset);
        const element: RichTextElement = { name, attrs, children: [] };
        containers[containers.length - 1]!.children.push(element);
        open.push(element);
        containers.push(element);
      },
      onclosetag() {
        if (droppedDepth > 0) {
          droppedDepth--;
          return;
        }
        const element = open.pop();
        if (!element) return;
        containers.pop();
        dropLayoutWhitespace(element);
      },
      ontext(text) {
        if (droppedDepth > 0) return;
        const siblings = containers[containers.length - 1]!.children;
        const last = siblings[siblings.length - 1];
        // The parser may hand one run of text over in pieces.
        if (last && 'type' in last) last.text += text;
        else siblings.push({ type: 'text', text });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  dropLayoutWhitespace(root);
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
      const attributes = Object.keys(node.attrs)
        .map((name) => ` ${name}="${escapeAttribute(node.attrs[name]!)}"`)
        .join('');
      if (richTextVoidTags.indexOf(node.name) >= 0) return `<${node.name}${attributes}>`;
      // Links open outside the app, never inside the page's own frame.
      const target = node.name === 'a' && node.attrs.href ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<${node.name}${attributes}${target}>${toHtml(node.children)}</${node.name}>`;
    })
    .join('');
}

/**
 * The tree with each element's look from `styles` inline (mini-programs do not apply page CSS
 * inside rich-text); the content's own allowed style comes after it, so it still wins.
 */
export function withInlineStyles(nodes: readonly RichTextNode[], styles: Readonly<Record<string, string>>): RichTextNode[] {
  return nodes.map((node) => {
    if ('type' in node) return node;
    const style = [styles[node.name], node.attrs.style].filter(Boolean).join(';');
    return {
      name: node.name,
      attrs: style ? { ...node.attrs, style } : node.attrs,
      children: withInlineStyles(node.children, styles),
    };
  });
}
