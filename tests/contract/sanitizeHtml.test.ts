import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES, FONT_SIZES, linkWithScheme } from '../../src/contract/richText';
import { sanitizeHtml, type SanitizeMeter } from '../../src/contract/sanitizeHtml';
import { referenceSanitizeHtml } from './sanitizeHtmlReference';

describe('sanitizeHtml', () => {
  it('keeps everything the toolbar produces, as the editor wrote it', () => {
    const html =
      '<h2 class="ql-align-right">Title</h2><p class="ql-align-center ql-indent-2"><strong>bold</strong> <em>it</em> ' +
      '<u>u</u> <s>s</s> <span style="color: rgb(230, 0, 0); font-size: 18px;">red</span> ' +
      '<span style="background-color: #ffff00; font-family: SimSun;">font</span> ' +
      '<strong style="color: rgb(0, 97, 0);">green bold</strong></p>' +
      '<ol><li class="ql-indent-1">one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote>' +
      '<pre class="ql-syntax" spellcheck="false">code &lt;x&gt;</pre>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">link</a></p>' +
      '<p><img src="/uploads/image/202611/abc.png"><br></p>' +
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/x"></iframe>' +
      '<hr class="ql-page-break">' +
      '<table class="ql-table" contenteditable="false"><tbody><tr><td>a</td><td>b &amp; c</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps each of the eight sizes and each family of the picker, and no other', () => {
    for (const size of FONT_SIZES) {
      const html = `<span style="font-size: ${size};">x</span>`;
      expect(sanitizeHtml(html)).toBe(html);
    }
    for (const family of FONT_FAMILIES) {
      expect(sanitizeHtml(`<span style="font-family: ${family};">x</span>`)).toBe(
        `<span style="font-family: ${family};">x</span>`,
      );
      // The browser quotes a family with a space: kept as the editor wrote it.
      const quoted = `<span style="font-family: &quot;${family}&quot;;">x</span>`;
      expect(sanitizeHtml(quoted)).toBe(quoted);
    }
    expect(sanitizeHtml(`<span style="font-family: 'SimSun&quot;;">x</span>`)).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="font-size: 13px;">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="font-size: 14pt;">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="font-family: Comic Sans MS;">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="font-family: SimSun, Wingdings;">x</span>')).toBe('<span>x</span>');
  });

  it.each([
    // Classes: whole names only, and each element only its own.
    ['<p class="xql-align-center ql-indent-1x">x</p>', '<p>x</p>'],
    ['<pre class="evil ql-syntax">x</pre>', '<pre class="ql-syntax">x</pre>'],
    [
      '<table class="overlay ql-table ql-align-center"></table>',
      '<table class="ql-table ql-align-center"></table>',
    ],
    ['<p class="ql-syntax ql-video ql-table ql-page-break">x</p>', '<p>x</p>'],
    // Void elements have no end tag to keep.
    ['<p>a<br></br>b</p><img src="/a.png"></img><hr></hr>', '<p>a<br>b</p><img src="/a.png"><hr>'],
    // A video address must be an address at all.
    ['<iframe class="ql-video" src="not an address"></iframe>', '<iframe class="ql-video"></iframe>'],
    [
      '<iframe src=" https://www.youtube.com/embed/x "></iframe>',
      '<iframe src=" https://www.youtube.com/embed/x "></iframe>',
    ],
    // A scheme is at the start only: a relative address may hold a colon further on.
    [
      '<a href="/search?q=a:b">x</a><img src="/u/a.png?t=12:30">',
      '<a href="/search?q=a:b">x</a><img src="/u/a.png?t=12:30">',
    ],
    ['<a href="#javascript:x">x</a>', '<a href="#javascript:x">x</a>'],
    // Colours: #rgb, #rrggbb or rgb(r, g, b), spaces anywhere inside, nothing around.
    [
      '<span style="color: #e60; background-color: rgb( 230 , 0 , 255 );">x</span>',
      '<span style="color: #e60; background-color: rgb( 230 , 0 , 255 );">x</span>',
    ],
    ['<span style="color: rgb(1,2,3);">x</span>', '<span style="color: rgb(1,2,3);">x</span>'],
    ['<span style="color: #f">x</span>', '<span>x</span>'],
    ['<span style="color: #ffff">x</span>', '<span>x</span>'],
    ['<span style="color: #ggg">x</span>', '<span>x</span>'],
    ['<span style="color: red #fff">x</span>', '<span>x</span>'],
    ['<span style="color: #fff red">x</span>', '<span>x</span>'],
    ['<span style="color: rgb(1, 2, 3) x">x</span>', '<span>x</span>'],
    ['<span style="color: rgb(1, 2, 1234)">x</span>', '<span>x</span>'],
    ['<span style="color: rgbx(1, 2, 3)">x</span>', '<span>x</span>'],
    // A family is the whole value, quoted or not.
    ['<span style="font-family: Wingdings&quot;SimSun&quot;">x</span>', '<span>x</span>'],
    ['<span style="font-family: &quot;SimSun&quot;x">x</span>', '<span>x</span>'],
    ['<span style="font-family: &quot;SimSun\'">x</span>', '<span>x</span>'],
    // Entities in a value are read (decimal, hex, with or without the semicolon) before the value is judged.
    ['<a href="https&#58;//example.com/">x</a>', '<a href="https://example.com/">x</a>'],
    ['<a href="https&#x3a;//example.com/">x</a>', '<a href="https://example.com/">x</a>'],
    ['<a href="https&#X3A;//example.com/">x</a>', '<a href="https://example.com/">x</a>'],
    ['<a href="https&#58//example.com/">x</a>', '<a href="https://example.com/">x</a>'],
    ['<a href="&#106avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&#x3a//%0aalert(1)">x</a>', '<a>x</a>'],
    // Read as a browser reads it: the hex digits run on into "aa" (U+06AA), so there is no scheme, only a path.
    ['<a href="&#x6Aavascript:alert(1)">x</a>', '<a href="\u06aavascript:alert(1)">x</a>'],
    // A number past the last code point is no character (and no error).
    ['<a href="/a&#1114112;b&#x110000;c&#1114111;d">x</a>', '<a href="/abc\u{10ffff}d">x</a>'],
    // Markup the toolbar never writes: unwrapped, or the attribute, class or declaration dropped.
    ['<div><b>b</b><i>i</i><sub>2</sub><code>c</code></div>', 'bi2c'],
    ['<p class="ql-align-center evil-overlay">x</p>', '<p class="ql-align-center">x</p>'],
    ['<p class="ql-indent-9 ql-align-left">x</p>', '<p>x</p>'],
    ['<span class="ql-align-center">x</span>', '<span>x</span>'],
    ['<p style="color: red">x</p>', '<p>x</p>'],
    [
      '<span style="color: red; background-color: rgb(1, 2, 3)">x</span>',
      '<span style="background-color: rgb(1, 2, 3);">x</span>',
    ],
    ['<span style="text-align: center">x</span>', '<span>x</span>'],
    ['<p title="t" dir="rtl" id="a">x</p>', '<p>x</p>'],
    ['<img src="/u/a.png" alt="x" width="9000" height="1">', '<img src="/u/a.png">'],
    ['<hr class="other">', '<hr>'],
    [
      '<iframe class="ql-video ql-align-center x"></iframe>',
      '<iframe class="ql-video ql-align-center"></iframe>',
    ],
    [
      '<table class="ql-table" contenteditable="true" border="1"><tr><th>h</th><td colspan="9">d</td></tr></table>',
      '<table class="ql-table"><tr>h<td>d</td></tr></table>',
    ],
    ['<pre spellcheck="true" class="ql-syntax">x</pre>', '<pre class="ql-syntax">x</pre>'],
    [
      '<iframe class="ql-video" frameborder="1" allowfullscreen="yes" width="1" src="https://player.vimeo.com/video/1"></iframe>',
      '<iframe class="ql-video" src="https://player.vimeo.com/video/1"></iframe>',
    ],
    ['<a href="https://x" rel="opener">x</a>', '<a href="https://x">x</a>'],
    ['<a href="javascript:x()" href="https://x">x</a>', '<a>x</a>'],
  ])('keeps no more than the toolbar writes: %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
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
    // <embed> is a void element: dropped, and what follows it kept (it was taken for a container and swallowed the rest).
    ['<p>a</p><embed src="javascript:alert(1)"><p>b</p>', '<p>a</p><p>b</p>'],
    ['<iframe src="https://evil.example/phish"></iframe>', '<iframe></iframe>'],
    ['<iframe src="http://www.youtube.com/embed/x"></iframe>', '<iframe></iframe>'],
    [
      '<span style="position:fixed;inset:0;z-index:9999;color:#e60000">x</span>',
      '<span style="color: #e60000;">x</span>',
    ],
    ['<p style="display:none">x</p>', '<p>x</p>'],
    // Allowed properties with values that are not plain values: the value filter drops the declaration.
    ['<span style="color: expression(alert(1))">x</span>', '<span>x</span>'],
    ['<span style="color: url(javascript:alert(1))">x</span>', '<span>x</span>'],
    ['<span style="color: red\\;position:fixed">x</span>', '<span>x</span>'],
    ['<span style="color: #fff\\;position:fixed">x</span>', '<span>x</span>'],
    [
      '<span style="font-size: 18px; color: expression(1)">x</span>',
      '<span style="font-size: 18px;">x</span>',
    ],
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
    ['<p class="ql-align-center&quot; onmouseover=&quot;alert(1)">x</p>', '<p>x</p>'],
    [
      '<a href="https://x/&quot; onmouseover=&quot;alert(1)">x</a>',
      '<a href="https://x/&quot; onmouseover=&quot;alert(1)">x</a>',
    ],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    ['<img src="DATA:text/html,x">', '<img>'],
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

/**
 * Work, not time: the sanitiser counts every character it examines. Each input below made the regular-expression
 * tokenizer it replaced backtrack quadratically (an 80,000-character project intro held the server for seconds).
 */
describe('sanitizeHtml does work linear in its input', () => {
  const ADVERSARIAL: Record<string, (n: number) => string> = {
    'one unclosed tag name': (n) => `<${'a'.repeat(n)}`,
    'unclosed tags': (n) => '<a'.repeat(n / 2),
    'unclosed quotes in tags': (n) => '<a "'.repeat(n / 4),
    'unclosed quotes in attribute values': (n) => `<p ${"t='x ".repeat(n / 6)}>`,
    'unclosed comments, CDATA and doctypes': (n) => '<!--<![CDATA[<!x<?'.repeat(n / 18),
    'unclosed script elements': (n) => '<script><style'.repeat(n / 14),
    'end tags with long spaces': (n) => `<style>${`</style${' '.repeat(40)}`.repeat(n / 47)}`,
    'many attributes': (n) => `<a ${'href=x title="y" '.repeat(n / 18)}>`,
    'many classes': (n) => `<p class="${'ql-align-center x '.repeat(n / 19)}">`,
    'many declarations': (n) => `<span style="${'color: #fff; font-size: 18px; '.repeat(n / 31)}">`,
    'entities in a URL': (n) => `<a href="${'&#1'.repeat(n / 3)}">x</a>`,
    'lone angle brackets': (n) => '<>'.repeat(n / 2),
    'nested allowed tags': (n) => '<p><b>x</b></p>'.repeat(n / 15),
  };

  function work(input: string): number {
    const meter: SanitizeMeter = { steps: 0 };
    sanitizeHtml(input, meter);
    return meter.steps;
  }

  it.each(Object.keys(ADVERSARIAL))('%s: at most a few steps per character, 10x input = 10x work', (name) => {
    const make = ADVERSARIAL[name]!;
    const small = make(20_000);
    const large = make(200_000);
    const smallWork = work(small);
    const largeWork = work(large);
    // Every character is looked at (so the meter does count), and none more than a few times.
    expect(smallWork).toBeGreaterThanOrEqual(small.length);
    expect(largeWork).toBeLessThanOrEqual(6 * large.length);
    // The work per character stays the same on 10x the input (quadratic work would grow 10-fold per character).
    expect(largeWork / large.length).toBeLessThanOrEqual(1.1 * (smallWork / small.length));
  });
});

describe('sanitizeHtml accepts exactly the markup the regular-expression sanitiser accepted', () => {
  // Pieces that exercise every branch: tags, quotes, comments, drop-with-content elements, URLs, styles, entities.
  const PIECES = [
    '<',
    '>',
    '"',
    "'",
    '=',
    '/',
    ' ',
    '\t',
    '\n',
    '\u00a0',
    '\u2028',
    '`',
    '-',
    '1',
    'x',
    'a',
    'p',
    'b',
    'img',
    'iframe',
    'script',
    'STYLE',
    'svg',
    '</script>',
    '</svg >',
    '<!--',
    '-->',
    '<!',
    '<?',
    '<![CDATA[',
    ']]>',
    '<a',
    '<p ',
    '<img ',
    '<iframe ',
    '</',
    '&#106;',
    '&amp;',
    '&colon;',
    'href',
    'src',
    'style',
    'title',
    'target',
    'rel',
    'class',
    'onclick',
    'color:red',
    'position:fixed',
    'javascript:',
    '_blank',
    'https://x',
    'https://www.youtube.com/embed/x',
    '/uploads/a.png',
  ];
  let state = 20_261_121;
  const random = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };

  it('on 30,000 generated inputs', () => {
    const differences: string[] = [];
    for (let run = 0; run < 30_000; run += 1) {
      let input = '';
      const length = 1 + random(24);
      for (let k = 0; k < length; k += 1) {
        input += random(8) === 0 ? String.fromCharCode(random(0x3100)) : PIECES[random(PIECES.length)];
      }
      if (sanitizeHtml(input) !== referenceSanitizeHtml(input)) differences.push(input);
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });
});

describe('linkWithScheme', () => {
  it('reads a host typed without its scheme as its https address, and keeps the rest as typed', () => {
    expect(linkWithScheme('example.com')).toBe('https://example.com');
    expect(linkWithScheme(' www.example.com/help?x=1 ')).toBe('https://www.example.com/help?x=1');
    expect(linkWithScheme('shop.example.cn:8080/a')).toBe('https://shop.example.cn:8080/a');
    for (const kept of [
      'https://example.com',
      'http://a.b',
      'mailto:a@b.cn',
      'tel:+8610',
      '/help',
      '#top',
      '?q=1',
    ]) {
      expect(linkWithScheme(kept)).toBe(kept);
    }
    // A scheme followed by digits is still a scheme; a bare e-mail address is a mail link.
    expect(linkWithScheme('mailto:12345@qq.com')).toBe('mailto:12345@qq.com');
    expect(linkWithScheme('name@example.com')).toBe('mailto:name@example.com');
    // Not a host: left for the sanitiser (javascript: is dropped there), or a word that is no address.
    expect(linkWithScheme('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(linkWithScheme('help page')).toBe('help page');
    expect(linkWithScheme('readme')).toBe('readme');
  });
});
