/**
 * Persistence and document effects of the app settings: the settings object (localStorage), the locale
 * (localStorage `arco-locale`, SPEC §9), the theme attribute on <body> and the colour-weak filter.
 */
import { readItem, readJson, writeItem, writeJson } from './storage';

export const SETTINGS_KEY = 'app-settings';
export const LOCALE_KEY = 'arco-locale';
const LOGIN_KEY = 'login-config';

export const loadSettings = <T>(): Partial<T> | undefined => readJson<Partial<T>>(SETTINGS_KEY);
export const saveSettings = (settings: unknown): void => writeJson(SETTINGS_KEY, settings);
export const loadLocale = (): string | null => readItem(LOCALE_KEY);
export const saveLocale = (locale: string): void => writeItem(LOCALE_KEY, locale);

/** "Remember password" keeps the user name only; the password is left to the browser's password manager. */
export interface LoginConfig {
  rememberPassword: boolean;
  username: string;
}
export const loadLoginConfig = (): LoginConfig =>
  readJson<LoginConfig>(LOGIN_KEY) ?? { rememberPassword: true, username: '' };
export const saveLoginConfig = (config: LoginConfig): void => writeJson(LOGIN_KEY, config);

/** Dark theme: `arco-theme="dark"` on body (SPEC §4) and Blueprint's dark class so its components follow. */
export function applyTheme(theme: 'light' | 'dark'): void {
  if (typeof document === 'undefined') return;
  const body = document.body;
  if (theme === 'dark') {
    body.setAttribute('arco-theme', 'dark');
    body.classList.add('bp6-dark');
  } else {
    body.removeAttribute('arco-theme');
    body.classList.remove('bp6-dark');
  }
}

/** Colour-weak mode: an 80% invert filter on the whole page (SPEC §9). */
export function applyColorWeak(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.body.style.filter = on ? 'invert(80%)' : '';
}

/** A `#rrggbb` colour moved towards black by `amount` (0–1): the hover and pressed shades of the theme colour. */
export function darken(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** The theme colour (SPEC §9, #165DFF) as Blueprint's primary intent, in both themes. */
export function applyThemeColor(color: string): void {
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  style.setProperty('--bp-intent-primary-rest', color);
  style.setProperty('--bp-intent-primary-hover', darken(color, 0.12));
  style.setProperty('--bp-intent-primary-active', darken(color, 0.24));
  style.setProperty('--app-theme-color', color);
}

export function applyLang(locale: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
}

export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Fallback for insecure origins (http on a LAN address) where the async clipboard API is missing.
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
