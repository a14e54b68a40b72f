import { describe, expect, it } from 'vitest';
import { decodeEntities, parseRichHtml, toHtml, withInlineStyles } from './richHtml';

const apiHost = 'https://api.maika.example';
const resolveAsset = (path: string) => `${apiHost}${path.startsWith('/') ? path : `/${path}`}`;
const clean = (html: string) => toHtml(parseRichHtml(html, resolveAsset));

describe('rich-text HTML', () => {
  it('keeps the markup of an ordinary rich text', () => {
    const html = '<h2>关于我们</h2><ul><li><strong>价格透明：</strong>公开展示</li></ul><p>欢迎联系</p>';
    expect(clean(html)).toBe(html);
  });

  it('points server-relative image paths at the API host and leaves absolute ones alone', () => {
    expect(clean('<p><img src="/uploads/a.png" alt="图"><img src="uploads/b.png"></p>')).toBe(
      `<p><img src="${apiHost}/uploads/a.png" alt="图"><img src="${apiHost}/uploads/b.png"></p>`,
    );
    expect(clean('<img src="https://cdn.example/c.jpg">')).toBe('<img src="https://cdn.example/c.jpg">');
  });

  it('drops scripts, styles, event handlers and unsafe URLs', () => {
    const html =
      '<p onclick="steal()">A<script>alert(1)</script></p><style>p{}</style>' +
      '<img src="x" onerror="alert(2)"><img src="javascript:alert(3)"><a href="javascript:alert(4)">B</a>';
    expect(clean(html)).toBe(`<p>A</p><img src="${apiHost}/x"><a>B</a>`);
  });

  it('unwraps unknown tags but keeps their text, and escapes text on the way out', () => {
    expect(clean('<font color="red">1 &lt; 2 &amp; <b>3</b></font>')).toBe('1 &lt; 2 &amp; <b>3</b>');
  });

  it('closes tags left open and ignores stray end tags', () => {
    expect(clean('<p>one<strong>two</p></em><p>three')).toBe('<p>one<strong>two</strong></p><p>three</p>');
  });

  it('opens links outside the page', () => {
    expect(clean('<a href="https://maika.example/x">x</a>')).toBe(
      '<a href="https://maika.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('decodes the entities editors write', () => {
    expect(decodeEntities('&ldquo;卖卡&rdquo;&nbsp;&#165;&#x4e2d;&unknown;')).toBe('\u201c卖卡\u201d\u00a0¥中&unknown;');
  });

  it('gives mini-program nodes inline styles and text nodes as rich-text expects them', () => {
    const nodes = withInlineStyles(parseRichHtml('<ul>\n  <li>a</li>\n</ul>', resolveAsset), { li: 'margin:0' });
    expect(nodes).toEqual([
      { name: 'ul', attrs: {}, children: [{ name: 'li', attrs: { style: 'margin:0' }, children: [{ type: 'text', text: 'a' }] }] },
    ]);
  });
});
