import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  DEFAULT_SETTINGS,
  restoreSettings,
  selectDrawerOpen,
  selectLocale,
  selectSettings,
  selectShowFloatingSettings,
  settingsMachine,
  type SettingsInput,
} from '@/machines/app/settingsMachine';
import { loadLocale, loadSettings } from '@/services/preferences';
import { describeMachinePaths } from '../../support/machinePaths';

function start(input: SettingsInput = {}, copy: (text: string) => Promise<void> = async () => undefined) {
  const applied = vi.fn();
  const machine = settingsMachine.provide({
    actors: { copyText: fromPromise<void, { text: string }>(({ input }) => copy(input.text)) },
    actions: { applyDocument: applied },
  });
  const actor = createActor(machine, { input });
  const toasts: { key: string }[] = [];
  actor.on('toast', (e) => toasts.push(e));
  return { actor: actor.start(), applied, toasts };
}

describe('settings behaviour', () => {
  it('starts from the defaults of SPEC §3 with locale zh-CN', () => {
    const { actor, applied } = start();
    expect(selectSettings(actor.getSnapshot())).toEqual(DEFAULT_SETTINGS);
    expect(selectLocale(actor.getSnapshot())).toBe('zh-CN');
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('restores stored settings and locale, ignoring wrong types and unsupported locales', () => {
    expect(
      restoreSettings({ theme: 'dark', navbar: 'no' as unknown as boolean, menuWidth: 9999 }),
    ).toMatchObject({
      theme: 'dark',
      navbar: true,
      menuWidth: 400,
    });
    expect(selectLocale(start({ locale: 'en-US' }).actor.getSnapshot())).toBe('en-US');
    expect(selectLocale(start({ locale: 'fr-FR' }).actor.getSnapshot())).toBe('zh-CN');
  });

  it('persists every change so it survives a reload', () => {
    const { actor } = start();
    actor.send({ type: 'settings.toggleTheme' });
    actor.send({ type: 'settings.toggle', key: 'tabBar', value: false });
    actor.send({ type: 'settings.setLocale', locale: 'en-US' });
    expect(loadSettings()).toMatchObject({ theme: 'dark', tabBar: false });
    expect(loadLocale()).toBe('en-US');
    const reloaded = start({ stored: loadSettings(), locale: loadLocale() }).actor;
    expect(selectSettings(reloaded.getSnapshot())).toMatchObject({ theme: 'dark', tabBar: false });
    expect(selectLocale(reloaded.getSnapshot())).toBe('en-US');
  });

  it('takes a theme colour of the form #rrggbb, keeps it across a reload, and ignores anything else', () => {
    const { actor, applied } = start();
    actor.send({ type: 'settings.setThemeColor', color: '#00b42a' });
    expect(selectSettings(actor.getSnapshot()).themeColor).toBe('#00B42A');
    expect(applied).toHaveBeenCalledTimes(2);
    for (const color of ['red', '#00b42', '#00b42a0', 'url(x)', ''])
      actor.send({ type: 'settings.setThemeColor', color });
    expect(selectSettings(actor.getSnapshot()).themeColor).toBe('#00B42A');
    expect(selectSettings(start({ stored: loadSettings() }).actor.getSnapshot()).themeColor).toBe('#00B42A');
    expect(restoreSettings({ themeColor: 'javascript:alert(1)' }).themeColor).toBe('#165DFF');
  });

  it('opens and closes the drawer; a hidden navbar shows the floating button', () => {
    const { actor } = start();
    actor.send({ type: 'settings.open' });
    expect(selectDrawerOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'settings.toggle', key: 'navbar', value: false });
    expect(selectShowFloatingSettings(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'settings.close' });
    expect(selectDrawerOpen(actor.getSnapshot())).toBe(false);
  });

  it('copies the settings as JSON and confirms, or reports failure', async () => {
    const copied: string[] = [];
    const { actor, toasts } = start({}, async (t) => void copied.push(t));
    actor.send({ type: 'settings.copy' });
    await waitFor(actor, (s) => s.matches({ clipboard: 'idle' }));
    expect(JSON.parse(copied[0]!)).toMatchObject({ menuWidth: 220, themeColor: '#165DFF', locale: 'zh-CN' });
    expect(toasts).toEqual([expect.objectContaining({ key: 'settings.copySettings.message' })]);

    const failing = start({}, async () => Promise.reject(new Error('denied')));
    failing.actor.send({ type: 'settings.copy' });
    await waitFor(failing.actor, (s) => s.matches({ clipboard: 'idle' }));
    expect(failing.toasts).toEqual([expect.objectContaining({ key: 'settings.copySettings.failed' })]);
  });

  it('hides the menu on a narrow window and brings it back on a desktop', () => {
    const { actor } = start();
    actor.send({ type: 'settings.setDevice', device: 'mobile' });
    expect(selectSettings(actor.getSnapshot())).toMatchObject({ device: 'mobile', hideMenu: true });
    actor.send({ type: 'settings.toggleHideMenu' });
    expect(selectSettings(actor.getSnapshot()).hideMenu).toBe(false);
    actor.send({ type: 'settings.setDevice', device: 'desktop' });
    expect(selectSettings(actor.getSnapshot()).hideMenu).toBe(false);
  });
});

describeMachinePaths(settingsMachine, {
  input: {},
  events: [
    { type: 'settings.toggle', key: 'navbar', value: false },
    { type: 'settings.setMenuWidth', width: 240 },
    { type: 'settings.setThemeColor', color: '#00B42A' },
    { type: 'settings.setLocale', locale: 'en-US' },
    { type: 'settings.setDevice', device: 'mobile' },
    { type: 'xstate.done.actor.copyText', output: undefined },
    { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  ],
  serializeState: (s) => JSON.stringify(s.value),
});
