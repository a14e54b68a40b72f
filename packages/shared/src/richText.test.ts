import { describe, expect, it } from 'vitest';
import {
  allowedRichTextAttributes,
  allowedRichTextStyle,
  allowedRichTextUrl,
  isRichTextTag,
  richTextDroppedTags,
  richTextLinkSchemes,
  richTextTags,
  richTextVoidTags,
} from './richText';

describe('the rich-text allow-list', () => {
  it('drops a script tag with its content and an onclick on a kept tag', () => {
    expect(isRichTextTag('script')).toBe(false);
    expect(richTextDroppedTags).toContain('script');
    expect(allowedRichTextAttributes('p', { onclick: 'steal()', class: 'x', id: 'y' })).toEqual({});
  });

  it('keeps a link with https but not javascript:', () => {
    expect(allowedRichTextAttributes('a', { href: 'https://maika.example/x', target: '_top' })).toEqual({
      href: 'https://maika.example/x',
    });
    expect(allowedRichTextAttributes('a', { href: 'javascript:alert(1)' })).toEqual({});
    expect(allowedRichTextAttributes('a', { href: ' JavaScript:alert(1)' })).toEqual({});
    expect(allowedRichTextAttributes('a', { href: 'java\tscript:alert(1)' })).toEqual({});
    expect(allowedRichTextAttributes('a', { href: 'tel:4000000000' })).toEqual({ href: 'tel:4000000000' });
  });

  it('drops an image whose source is not http, https or a path', () => {
    expect(allowedRichTextAttributes('img', { src: '/uploads/a.png', alt: '图' })).toEqual({ src: '/uploads/a.png', alt: '图' });
    expect(allowedRichTextAttributes('img', { src: 'data:image/svg+xml;base64,AAAA' })).toBeNull();
    expect(allowedRichTextAttributes('img', { src: 'mailto:a@b.c' })).toBeNull();
    expect(allowedRichTextAttributes('img', { alt: 'no source' })).toBeNull();
  });

  it('keeps sizes only as plain numbers', () => {
    expect(allowedRichTextAttributes('td', { colspan: '2', rowspan: '2;x' })).toEqual({ colspan: '2' });
    expect(allowedRichTextAttributes('img', { src: 'https://cdn.example/a.png', width: '100%', height: '80' })).toEqual({
      src: 'https://cdn.example/a.png',
      height: '80',
    });
  });

  it('keeps only the listed style declarations, with values of the listed form', () => {
    expect(allowedRichTextStyle('white-space: nowrap')).toBe('white-space:nowrap');
    expect(allowedRichTextStyle('color:#1d2433; position:fixed; text-align:center; font-size:40px')).toBe(
      'color:#1d2433;text-align:center',
    );
    expect(allowedRichTextStyle('background-color: url(javascript:alert(1))')).toBeNull();
    expect(allowedRichTextStyle('constructor: x; __proto__: y')).toBeNull();
  });

  it('accepts only listed schemes and paths as URLs', () => {
    expect(allowedRichTextUrl('//cdn.example/a.png', ['https'])).toBe('//cdn.example/a.png');
    expect(allowedRichTextUrl('vbscript:x', richTextLinkSchemes)).toBeNull();
    expect(allowedRichTextUrl('   ', richTextLinkSchemes)).toBeNull();
  });

  it('lists every void tag as a kept tag and never keeps a dropped one', () => {
    for (const tag of richTextVoidTags) expect(isRichTextTag(tag)).toBe(true);
    for (const tag of richTextDroppedTags) expect(Object.keys(richTextTags)).not.toContain(tag);
  });
});
