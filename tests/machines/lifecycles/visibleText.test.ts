import { describe, expect, it } from 'vitest';
import { hasVisibleContent, hasVisibleText } from '@/machines/lifecycles/visibleText';
import { isValidReason } from '@/machines/lifecycles/supplierMachine';
import { isValidNoticeContent, isValidNoticeTitle } from '@/machines/lifecycles/noticeMachine';
import { isValidFeedbackMessage } from '@/machines/lifecycles/feedbackMachine';
import { isValidRefundReason } from '@/machines/lifecycles/refundMachine';
import { isValidCertificationReason } from '@/machines/lifecycles/certificationMachine';

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u3000', '\u00a0', ' \n\t'];

describe('visible text', () => {
  it('is none in white space or characters shown as nothing, alone or together', () => {
    expect(hasVisibleText('')).toBe(false);
    for (const c of INVISIBLE) expect(hasVisibleText(c), JSON.stringify(c)).toBe(false);
    expect(hasVisibleText(INVISIBLE.join(''))).toBe(false);
  });

  it('is any character a reader sees, among them or not: a letter, a digit, a mark, an emoji with its joiner', () => {
    for (const text of ['a', '0', '。', '好', '\u200bLate\u200b', '👨‍👩‍👧', '-']) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('reads rich text as shown: tags dropped, space entities read, pictures seen', () => {
    expect(hasVisibleContent('<p><br></p>')).toBe(false);
    expect(hasVisibleContent('<p>&nbsp;&#8203;&#x200B;&#X200b;&ZeroWidthSpace;&zwj;&NoBreak;</p>')).toBe(
      false,
    );
    expect(hasVisibleContent('<p>&ZWJ;</p>'), 'no such name: shown as typed').toBe(true);
    expect(hasVisibleContent('<'.repeat(50_000)), 'a lone bracket is seen').toBe(true);
    expect(hasVisibleContent('<p>\u200b</p>')).toBe(false);
    expect(hasVisibleContent('<p>&amp;</p>'), 'an ampersand is seen').toBe(true);
    expect(hasVisibleContent('<p>&#65;</p>')).toBe(true);
    expect(hasVisibleContent('<p><img src="/uploads/a.png"></p>')).toBe(true);
    expect(hasVisibleContent('<iframe src="https://v.example.com/1"></iframe>')).toBe(true);
    expect(hasVisibleContent('<p>&#1114112;</p>'), 'no such character: shown as �').toBe(true);
  });

  it('is what every reason, title, reply and content rule asks for', () => {
    const blank = '\u200b\u200b';
    for (const [name, rule] of [
      ['supplier reason', isValidReason],
      ['notice title', isValidNoticeTitle],
      ['feedback reply', isValidFeedbackMessage],
      ['refund reason', isValidRefundReason],
      ['certification reason', isValidCertificationReason],
    ] as const) {
      expect(rule(blank), name).toBe(false);
      expect(rule(`${blank}Late`), name).toBe(true);
    }
    expect(isValidNoticeContent('<p>\u200b</p>')).toBe(false);
  });
});
