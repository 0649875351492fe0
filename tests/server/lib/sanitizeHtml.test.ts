import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../server/lib/sanitizeHtml';

describe('sanitizeHtml', () => {
  it('keeps the formatting Quill produces', () => {
    const html =
      '<h2>Title</h2><p class="ql-align-center"><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> ' +
      '<span style="color: rgb(230, 0, 0); font-size: 18px;">red</span></p>' +
      '<ol><li class="ql-indent-1">one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote>' +
      '<pre class="ql-syntax" spellcheck="false">code &lt;x&gt;</pre>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">link</a></p>' +
      '<p><img src="/uploads/image/202611/abc.png" alt="x"><br></p>' +
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/x"></iframe>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<SCRIPT SRC=//evil.js></SCRIPT>ok', 'ok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<img src=x onerror="alert(1)">', '<img src="x">'],
    ['<p onclick=alert(1) onmouseover="x()">p</p>', '<p>p</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#x6A;avascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<iframe src="javascript:alert(1)"></iframe>', '<iframe></iframe>'],
    ['<iframe src="https://evil.example/phish"></iframe>', '<iframe></iframe>'],
    ['<iframe src="http://www.youtube.com/embed/x"></iframe>', '<iframe></iframe>'],
    [
      '<div style="position:fixed;inset:0;z-index:9999;color:red">x</div>',
      '<div style="color: red;">x</div>',
    ],
    ['<p style="display:none">x</p>', '<p>x</p>'],
    ['<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    ['<object data="x.swf"></object>ok', 'ok'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<form action="x"><input name="a"></form>ok', 'ok'],
    ['<a href="https://x" target="_top">x</a>', '<a href="https://x">x</a>'],
    [
      '<a href="https://x" target="_blank">x</a>',
      '<a href="https://x" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      '<p title="a&quot; onmouseover=&quot;alert(1)">x</p>',
      '<p title="a&quot; onmouseover=&quot;alert(1)">x</p>',
    ],
    ['1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['<img src="x" <script>alert(1)</script>', '<img src="x">alert(1)'],
  ])('makes %s inert', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('never lets an event handler or a script element through, whatever the nesting', () => {
    const nasty =
      '<<script>script>alert(1)<</script>/script><p/onmouseover=alert(1)>x</p><scr<script>ipt>alert(1)</script>';
    const clean = sanitizeHtml(nasty);
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/<[^>]*\son\w+=/i);
  });
});
