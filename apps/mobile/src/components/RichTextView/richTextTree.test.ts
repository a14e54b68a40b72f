import { describe, expect, it } from 'vitest';
import { parseRichHtml, toHtml, withInlineStyles } from './richTextTree';

const apiHost = 'https://api.maika.example';
const resolveAsset = (path: string) => `${apiHost}${path.startsWith('/') ? path : `/${path}`}`;
const tree = (html: string) => parseRichHtml(html, resolveAsset);
const clean = (html: string) => toHtml(tree(html));
const text = (value: string) => ({ type: 'text', text: value });

describe('the rich-text tree', () => {
  it('holds an ordinary rich text as elements and text', () => {
    expect(tree('<h2>关于我们</h2><ul>\n  <li><strong>价格透明：</strong>公开展示</li>\n</ul>')).toEqual([
      { name: 'h2', attrs: {}, children: [text('关于我们')] },
      {
        name: 'ul',
        attrs: {},
        children: [
          {
            name: 'li',
            attrs: {},
            children: [{ name: 'strong', attrs: {}, children: [text('价格透明：')] }, text('公开展示')],
          },
        ],
      },
    ]);
  });

  it('renders the markup of an ordinary rich text unchanged', () => {
    const html = '<h2>关于我们</h2><ul><li><strong>价格透明：</strong>公开展示</li></ul><p>欢迎联系<br>客服</p><hr>';
    expect(clean(html)).toBe(html);
  });

  it('drops scripts, styles and form controls with their content, and event handlers', () => {
    expect(
      tree('<p onclick="steal()">A<script>alert(1)</script></p><style>p{}</style><button>点我</button><svg><text>x</text></svg>'),
    ).toEqual([{ name: 'p', attrs: {}, children: [text('A')] }]);
  });

  it('renders only the text of tags the list does not know', () => {
    expect(tree('<font color="red">1 &lt; 2 <b>3</b></font><marquee>走马灯</marquee>')).toEqual([
      text('1 < 2 '),
      { name: 'b', attrs: {}, children: [text('3')] },
      text('走马灯'),
    ]);
    expect(clean('<font color="red">1 &lt; 2 &amp; <b>3</b></font>')).toBe('1 &lt; 2 &amp; <b>3</b>');
  });

  it('keeps a link with https or mailto but not one with javascript:, and opens links outside the page', () => {
    expect(tree('<a href="https://maika.example/x">x</a><a href="java\tscript:alert(4)">y</a><a href="mailto:a@b.c">z</a>')).toEqual([
      { name: 'a', attrs: { href: 'https://maika.example/x' }, children: [text('x')] },
      { name: 'a', attrs: {}, children: [text('y')] },
      { name: 'a', attrs: { href: 'mailto:a@b.c' }, children: [text('z')] },
    ]);
    expect(clean('<a href="https://maika.example/x">x</a>')).toBe(
      '<a href="https://maika.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('points server-relative image paths at the API host, leaves absolute ones alone and drops unsafe ones', () => {
    expect(clean('<p><img src="/uploads/a.png" alt="图" onerror="x()"><img src="uploads/b.png"></p>')).toBe(
      `<p><img src="${apiHost}/uploads/a.png" alt="图"><img src="${apiHost}/uploads/b.png"></p>`,
    );
    expect(clean('<img src="https://cdn.example/c.jpg" width="120" height="50%">')).toBe(
      '<img src="https://cdn.example/c.jpg" width="120">',
    );
    expect(tree('<img src="javascript:alert(3)"><img src="data:image/png;base64,AAAA"><img>')).toEqual([]);
  });

  it('keeps only the listed style declarations', () => {
    expect(tree('<span style="white-space: nowrap; position: fixed; font-size: 40px">09:00-22:00</span>')).toEqual([
      { name: 'span', attrs: { style: 'white-space:nowrap' }, children: [text('09:00-22:00')] },
    ]);
    expect(tree('<p style="background:url(javascript:alert(1))" class="x" id="y">a</p>')).toEqual([
      { name: 'p', attrs: {}, children: [text('a')] },
    ]);
  });

  it('closes tags left open and ignores stray end tags', () => {
    expect(clean('<p>one<strong>two</p></em><p>three')).toBe('<p>one<strong>two</strong></p><p>three</p>');
  });

  it('decodes the entities editors write and escapes text and attributes on the way out', () => {
    expect(tree('<p>&ldquo;卖卡&rdquo;&nbsp;&#165;&#x4e2d;</p>')).toEqual([
      { name: 'p', attrs: {}, children: [text('\u201c卖卡\u201d\u00a0¥中')] },
    ]);
    expect(clean('<img src="/a.png" alt="&quot;><script>">')).toBe(`<img src="${apiHost}/a.png" alt="&quot;&gt;&lt;script&gt;">`);
  });

  it('gives mini-program nodes their look inline, with the content style after it', () => {
    const nodes = withInlineStyles(tree('<ul>\n  <li>a</li>\n  <li style="color:#f00">b</li>\n</ul>'), { li: 'margin:0' });
    expect(nodes).toEqual([
      {
        name: 'ul',
        attrs: {},
        children: [
          { name: 'li', attrs: { style: 'margin:0' }, children: [text('a')] },
          { name: 'li', attrs: { style: 'margin:0;color:#f00' }, children: [text('b')] },
        ],
      },
    ]);
  });
});
