import { describe, expect, it } from 'vitest';
import { excerpt } from '@/machines/screens/feedbackScreens';

describe("a feedback's excerpt", () => {
  it('is the text on one line, whole when it fits', () => {
    expect(excerpt('  Late\n\n  again ')).toBe('Late again');
    expect(excerpt('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it('is cut with an ellipsis at the limit, counted in characters and never inside one', () => {
    expect(excerpt('x'.repeat(81))).toBe('x'.repeat(79) + '…');
    expect(excerpt('😀'.repeat(80))).toBe('😀'.repeat(80));
    expect(excerpt('😀'.repeat(41), 40)).toBe('😀'.repeat(39) + '…');
    expect(excerpt('ab cd', 4)).toBe('ab…');
  });
});
