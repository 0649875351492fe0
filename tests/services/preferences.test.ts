// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyThemeColor, darken } from '@/services/preferences';

describe('the theme colour', () => {
  it('darkens by a fraction towards black, channel by channel', () => {
    expect(darken('#165DFF', 0)).toBe('#165dff');
    expect(darken('#165DFF', 1)).toBe('#000000');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('#165DFF', 0.12)).toBe('#1352e0');
  });
  it("becomes Blueprint's primary intent, with its hover and pressed shades", () => {
    applyThemeColor('#00B42A');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--bp-intent-primary-rest')).toBe('#00B42A');
    expect(style.getPropertyValue('--bp-intent-primary-hover')).toBe(darken('#00B42A', 0.12));
    expect(style.getPropertyValue('--bp-intent-primary-active')).toBe(darken('#00B42A', 0.24));
  });
});
