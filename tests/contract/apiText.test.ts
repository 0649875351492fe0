import { describe, expect, it } from 'vitest';
import { isApiText, textProblem } from '@/contract/apiText';

describe('what the API takes as text', () => {
  it('names a NUL and a lone surrogate, and nothing else', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('a\ud800b')).toBe('loneSurrogate');
    expect(textProblem('a\udc00')).toBe('loneSurrogate');
    expect(textProblem('\ud842\udfb7吉 😀')).toBeNull();
  });

  it('counts characters, not UTF-16 units, up to and including the limit', () => {
    expect(isApiText('𠮷'.repeat(100), 100)).toBe(true);
    expect(isApiText('𠮷'.repeat(101), 100)).toBe(false);
    expect(isApiText('a'.repeat(3), 3)).toBe(true);
    expect(isApiText('a'.repeat(4), 3)).toBe(false);
    expect(isApiText('', 0)).toBe(true);
  });

  it('refuses what cannot be stored, however short', () => {
    expect(isApiText('\u0000', 100)).toBe(false);
    expect(isApiText('\ud800', 100)).toBe(false);
  });
});
