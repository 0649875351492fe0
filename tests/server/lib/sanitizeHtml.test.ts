import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../server/errors';
import { sanitizeHtml, sanitizeWithinLimit, type SanitizeMeter } from '../../../server/lib/sanitizeHtml';
import { referenceSanitizeHtml } from './sanitizeHtmlReference';

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
    // <embed> is a void element: dropped, and what follows it kept (it was taken for a container and swallowed the rest).
    ['<p>a</p><embed src="javascript:alert(1)"><p>b</p>', '<p>a</p><p>b</p>'],
    ['<iframe src="https://evil.example/phish"></iframe>', '<iframe></iframe>'],
    ['<iframe src="http://www.youtube.com/embed/x"></iframe>', '<iframe></iframe>'],
    [
      '<div style="position:fixed;inset:0;z-index:9999;color:red">x</div>',
      '<div style="color: red;">x</div>',
    ],
    ['<p style="display:none">x</p>', '<p>x</p>'],
    // Allowed properties with values that are not plain values: the value filter drops the declaration.
    ['<span style="color: expression(alert(1))">x</span>', '<span>x</span>'],
    ['<span style="color: url(javascript:alert(1))">x</span>', '<span>x</span>'],
    ['<span style="color: red\\;position:fixed">x</span>', '<span>x</span>'],
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

  it('checks the length before sanitising: an over-long text is refused without being read', () => {
    const meter: SanitizeMeter = { steps: 0 };
    const tooLong = '<a'.repeat(50_001);
    expect(() => sanitizeWithinLimit(tooLong, 'intro', 100_000, meter)).toThrow(ValidationError);
    expect(() => sanitizeWithinLimit(tooLong, 'intro', 100_000, meter)).toThrow(
      'intro must be at most 100000 characters.',
    );
    expect(meter.steps).toBe(0);
    expect(sanitizeWithinLimit('<p onclick="x()">ok</p>', 'intro', 100, meter)).toBe('<p>ok</p>');
    expect(meter.steps).toBeGreaterThan(0);
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
