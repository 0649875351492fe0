import { Colors } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { SERIES_COLORS, themedOption } from '@/views/visualization/chartColors';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('chart series colours', () => {
  it('read at 3:1 or better on their theme’s background: white, or the dark cards and page', () => {
    for (const color of SERIES_COLORS.light)
      expect(contrast(color, Colors.WHITE), color).toBeGreaterThanOrEqual(3);
    for (const color of SERIES_COLORS.dark)
      for (const background of [Colors.DARK_GRAY3, Colors.DARK_GRAY2])
        expect(contrast(color, background), color).toBeGreaterThanOrEqual(3);
  });

  it('are ten different colours in each theme', () => {
    expect(new Set(SERIES_COLORS.light).size).toBe(10);
    expect(new Set(SERIES_COLORS.dark).size).toBe(10);
  });

  it('are what a chart is drawn with, on a transparent background; a chart’s own colours win', () => {
    expect(themedOption({ series: [] }, true)).toEqual({
      backgroundColor: 'transparent',
      color: SERIES_COLORS.dark,
      series: [],
    });
    expect(themedOption({} as { color?: string[] }, false).color).toBe(SERIES_COLORS.light);
    expect(themedOption({ color: ['#000000'] }, true).color).toEqual(['#000000']);
  });
});
