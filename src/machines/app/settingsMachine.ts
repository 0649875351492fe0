/**
 * App settings (SPEC §2 settings drawer, §3 app settings, §9 constants): layout toggles, theme, colour-weak,
 * locale, menu-from-server, menu width; persisted across reloads.
 *
 * Invariants: every change is persisted (named action `persist`) and applied to the document (theme attribute
 * on <body>, 80% invert filter for colour-weak, <html lang>); the locale is always a supported one (stored
 * `arco-locale`, else zh-CN); the drawer is open exactly in `drawer.open`.
 * Copying the settings is I/O through the named actor `copyText`.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  applyColorWeak,
  applyLang,
  applyTheme,
  applyThemeColor,
  copyText,
  saveLocale,
  saveSettings,
} from '@/services/preferences';
import type { ToastEmitted } from './intents';

export type Locale = 'zh-CN' | 'en-US';
export const SUPPORTED_LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const DRAWER_WIDTH = 300;

export interface AppSettings {
  theme: 'light' | 'dark';
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  globalSettings: boolean;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
}

export const DEFAULT_SETTINGS: AppSettings = {
  theme: 'light',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  hideMenu: false,
  menuCollapse: false,
  footer: true,
  themeColor: '#165DFF',
  menuWidth: 220,
  globalSettings: false,
  device: 'desktop',
  tabBar: true,
  menuFromServer: false,
};

/** The toggles the drawer offers (the drawer lists them in this order). */
export const DRAWER_TOGGLES = [
  'navbar',
  'menu',
  'topMenu',
  'footer',
  'tabBar',
  'menuFromServer',
  'colorWeak',
] as const;
export type DrawerToggle = (typeof DRAWER_TOGGLES)[number];

export interface SettingsInput {
  stored?: Partial<AppSettings>;
  locale?: string | null;
}

export interface SettingsContext {
  settings: AppSettings;
  locale: Locale;
}

export type SettingsEvent =
  | { type: 'settings.toggle'; key: DrawerToggle; value: boolean }
  | { type: 'settings.setMenuWidth'; width: number }
  | { type: 'settings.setThemeColor'; color: string }
  | { type: 'settings.toggleTheme' }
  | { type: 'settings.setLocale'; locale: Locale }
  | { type: 'settings.toggleMenuCollapse' }
  | { type: 'settings.toggleHideMenu' }
  | { type: 'settings.setDevice'; device: 'desktop' | 'mobile' }
  | { type: 'settings.open' }
  | { type: 'settings.close' }
  | { type: 'settings.copy' };

export const isLocale = (value: unknown): value is Locale => SUPPORTED_LOCALES.includes(value as Locale);

/** Stored values are trusted only field by field and only with the right type. */
export function restoreSettings(stored: Partial<AppSettings> | undefined): AppSettings {
  const out: AppSettings = { ...DEFAULT_SETTINGS };
  if (!stored || typeof stored !== 'object') return out;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof AppSettings)[]) {
    if (typeof stored[key] === typeof DEFAULT_SETTINGS[key])
      (out as unknown as Record<string, unknown>)[key] = stored[key];
  }
  if (out.theme !== 'light' && out.theme !== 'dark') out.theme = 'light';
  if (out.device !== 'desktop' && out.device !== 'mobile') out.device = 'desktop';
  out.menuWidth = clampMenuWidth(out.menuWidth);
  if (!isThemeColor(out.themeColor)) out.themeColor = DEFAULT_SETTINGS.themeColor;
  out.globalSettings = false; // the drawer never reopens by itself after a reload
  return out;
}

/** A theme colour is `#rrggbb`. */
export const isThemeColor = (color: unknown): color is string =>
  typeof color === 'string' && /^#[0-9a-fA-F]{6}$/.test(color);

export const clampMenuWidth = (w: number) =>
  Number.isFinite(w) ? Math.min(400, Math.max(160, Math.round(w))) : 220;

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    emitted: {} as ToastEmitted,
  },
  actors: {
    copyText: fromPromise<void, { text: string }>(({ input }) => copyText(input.text)),
  },
  actions: {
    applyToggle: assign({
      settings: ({ context, event }) =>
        event.type === 'settings.toggle'
          ? { ...context.settings, [event.key]: event.value }
          : context.settings,
    }),
    applyMenuWidth: assign({
      settings: ({ context, event }) =>
        event.type === 'settings.setMenuWidth'
          ? { ...context.settings, menuWidth: clampMenuWidth(event.width) }
          : context.settings,
    }),
    applyThemeColorChoice: assign({
      settings: ({ context, event }) =>
        event.type === 'settings.setThemeColor' && isThemeColor(event.color)
          ? { ...context.settings, themeColor: event.color.toUpperCase() }
          : context.settings,
    }),
    flipTheme: assign({
      settings: ({ context }) => ({
        ...context.settings,
        theme: context.settings.theme === 'dark' ? ('light' as const) : ('dark' as const),
      }),
    }),
    chooseLocale: assign({
      locale: ({ context, event }) =>
        event.type === 'settings.setLocale' && isLocale(event.locale) ? event.locale : context.locale,
    }),
    flipMenuCollapse: assign({
      settings: ({ context }) => ({ ...context.settings, menuCollapse: !context.settings.menuCollapse }),
    }),
    flipHideMenu: assign({
      settings: ({ context }) => ({ ...context.settings, hideMenu: !context.settings.hideMenu }),
    }),
    applyDevice: assign({
      // On a narrow window the menu is hidden (an overlay the navbar's menu button opens); back on a desktop
      // it shows again, with the user's own collapse choice.
      settings: ({ context, event }) =>
        event.type === 'settings.setDevice'
          ? { ...context.settings, device: event.device, hideMenu: event.device === 'mobile' }
          : context.settings,
    }),
    markDrawer: assign({
      settings: ({ context }, params: { open: boolean }) => ({
        ...context.settings,
        globalSettings: params.open,
      }),
    }),
    persist: ({ context }) => {
      saveSettings(context.settings);
      saveLocale(context.locale);
    },
    applyDocument: ({ context }) => {
      applyTheme(context.settings.theme);
      applyColorWeak(context.settings.colorWeak);
      applyThemeColor(context.settings.themeColor);
      applyLang(context.locale);
    },
    toastCopied: emit({ type: 'toast', intent: 'success', key: 'settings.copySettings.message' } as const),
    toastCopyFailed: emit({
      type: 'toast',
      intent: 'danger',
      key: 'settings.copySettings.failed',
    } as const),
  },
}).createMachine({
  id: 'settings',
  type: 'parallel',
  context: ({ input }) => ({
    settings: restoreSettings(input?.stored),
    locale: isLocale(input?.locale) ? input.locale : DEFAULT_LOCALE,
  }),
  entry: 'applyDocument',
  on: {
    'settings.toggle': { actions: ['applyToggle', 'persist', 'applyDocument'] },
    'settings.setMenuWidth': { actions: ['applyMenuWidth', 'persist'] },
    'settings.setThemeColor': { actions: ['applyThemeColorChoice', 'persist', 'applyDocument'] },
    'settings.toggleTheme': { actions: ['flipTheme', 'persist', 'applyDocument'] },
    'settings.setLocale': { actions: ['chooseLocale', 'persist', 'applyDocument'] },
    'settings.toggleMenuCollapse': { actions: ['flipMenuCollapse', 'persist'] },
    'settings.toggleHideMenu': { actions: ['flipHideMenu'] },
    'settings.setDevice': { actions: ['applyDevice'] },
  },
  states: {
    drawer: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'settings.open': { target: 'open', actions: { type: 'markDrawer', params: { open: true } } },
          },
        },
        open: {
          on: {
            'settings.close': { target: 'closed', actions: { type: 'markDrawer', params: { open: false } } },
          },
        },
      },
    },
    clipboard: {
      initial: 'idle',
      states: {
        idle: { on: { 'settings.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({
              text: JSON.stringify({ ...context.settings, locale: context.locale }, null, 2),
            }),
            onDone: { target: 'idle', actions: 'toastCopied' },
            onError: { target: 'idle', actions: 'toastCopyFailed' },
          },
        },
      },
    },
  },
});

export type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;

export const selectSettings = (s: SettingsSnapshot) => s.context.settings;
export const selectLocale = (s: SettingsSnapshot) => s.context.locale;
export const selectDrawerOpen = (s: SettingsSnapshot) => s.matches({ drawer: 'open' });
export const selectCopying = (s: SettingsSnapshot) => s.matches({ clipboard: 'copying' });
/** SPEC §2: a floating settings button when the navbar is hidden. */
export const selectShowFloatingSettings = (s: SettingsSnapshot) => !s.context.settings.navbar;
