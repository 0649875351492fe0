import { Colors } from '@blueprintjs/core';

/**
 * The colours of a chart's series, from Blueprint's palette so charts match the console: its "3" shades on the light
 * theme's white, its "4" shades on the dark theme's grays. Each reads at 3:1 or better against its background (WCAG's
 * measure for graphics); ECharts 6's own dark palette has a slate blue that vanished there (the commission line).
 */
const HUES = [
  'BLUE',
  'GREEN',
  'ORANGE',
  'RED',
  'VIOLET',
  'TURQUOISE',
  'CERULEAN',
  'ROSE',
  'INDIGO',
  'SEPIA',
] as const;
const shade = (level: 3 | 4) => HUES.map((hue) => Colors[`${hue}${level}`]);

export const SERIES_COLORS = { light: shade(3), dark: shade(4) } as const;

/** The option as drawn in the theme: its background the page's, its series in the theme's colours. */
export function themedOption<T extends object>(option: T, dark: boolean): T {
  return { backgroundColor: 'transparent', color: SERIES_COLORS[dark ? 'dark' : 'light'], ...option };
}
