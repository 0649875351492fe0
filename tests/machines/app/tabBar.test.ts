import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  HOME_TAB,
  selectCacheList,
  selectDropping,
  selectReturnTo,
  selectTabs,
  tabBarMachine,
  tabEventAfter,
  type TabBarEvent,
  type TabEntry,
} from '@/machines/app/tabBarMachine';
import { describeMachinePaths } from '../../support/machinePaths';

const tab = (name: string, ignoreCache = false): TabEntry => ({
  title: `menu.${name}`,
  name,
  fullPath: `/${name}`,
  query: {},
  ignoreCache,
});

function opened(...tabs: TabEntry[]) {
  const actor = createActor(tabBarMachine).start();
  for (const t of tabs) actor.send({ type: 'tab.open', tab: t });
  return actor;
}
const names = (a: ReturnType<typeof opened>) => selectTabs(a.getSnapshot()).map((t) => t.name);

describe('tabBar behaviour', () => {
  it('starts with the home tab only', () => {
    expect(names(opened())).toEqual([HOME_TAB.name]);
  });

  it('adds a tab per route once, never for the excluded route', () => {
    const a = opened(tab('A'), tab('B'), tab('A'), tab('Redirect'));
    expect(names(a)).toEqual(['Workplace', 'A', 'B']);
  });

  it('caches tabs unless ignoreCache, and closing removes the cache', () => {
    const a = opened(tab('A'), tab('B', true), tab('C'));
    expect(selectCacheList(a.getSnapshot())).toEqual(['Workplace', 'A', 'C']);
    a.send({ type: 'tab.close', name: 'A' });
    expect(selectCacheList(a.getSnapshot())).toEqual(['Workplace', 'C']);
    expect(names(a)).toEqual(['Workplace', 'B', 'C']);
  });

  it('never closes the home tab; a close that closes nothing changes nothing', () => {
    const a = opened(tab('A'));
    const before = a.getSnapshot().context;
    a.send({ type: 'tab.close', name: 'Workplace' });
    a.send({ type: 'tab.close', name: 'Gone' });
    expect(names(a)).toEqual(['Workplace', 'A']);
    expect(a.getSnapshot().context.tabs).toBe(before.tabs);
    expect(a.getSnapshot().context.cacheList).toBe(before.cacheList);
  });

  it('is at the home tab alone after any close that leaves only it', () => {
    for (const close of [
      { type: 'tab.close', name: 'A' },
      { type: 'tab.closeOthers', name: 'Gone' },
      { type: 'tab.closeOthers', name: 'Workplace' },
      { type: 'tab.closeRight', name: 'Workplace' },
      { type: 'tab.closeAll' },
    ] as const) {
      const a = opened(tab('A'));
      a.send(close);
      expect(names(a), close.type).toEqual(['Workplace']);
      expect(a.getSnapshot().value, JSON.stringify(close)).toBe('homeOnly');
    }
  });

  it('closes others, to the right and to the left', () => {
    const a = opened(tab('A'), tab('B'), tab('C'), tab('D'));
    a.send({ type: 'tab.closeRight', name: 'C' });
    expect(names(a)).toEqual(['Workplace', 'A', 'B', 'C']);
    a.send({ type: 'tab.closeLeft', name: 'B' });
    expect(names(a)).toEqual(['Workplace', 'B', 'C']);
    a.send({ type: 'tab.closeOthers', name: 'C' });
    expect(names(a)).toEqual(['Workplace', 'C']);
  });

  it('resets to the home tab', () => {
    const a = opened(tab('A'), tab('B'));
    a.send({ type: 'tab.reset' });
    expect(names(a)).toEqual(['Workplace']);
    expect(a.getSnapshot().value).toBe('homeOnly');
  });
});

describeMachinePaths(tabBarMachine, {
  events: [
    { type: 'tab.open', tab: HOME_TAB },
    { type: 'tab.open', tab: tab('A') },
    { type: 'tab.open', tab: tab('B', true) },
    { type: 'tab.open', tab: tab('Redirect') },
    { type: 'tab.close', name: 'A' },
    { type: 'tab.close', name: 'B' },
    { type: 'tab.close', name: 'Workplace' },
    { type: 'tab.closeOthers', name: 'A' },
    { type: 'tab.closeOthers', name: 'Workplace' },
    { type: 'tab.closeRight', name: 'A' },
    { type: 'tab.closeRight', name: 'Workplace' },
    { type: 'tab.closeLeft', name: 'B' },
    { type: 'tab.closeAll' },
    { type: 'tab.unsaved', name: 'A', unsaved: true },
    { type: 'tab.unsaved', name: 'A', unsaved: false },
    { type: 'tab.dropEdits' },
    { type: 'tab.keepEdits' },
    { type: 'tab.reset' },
  ],
});

describe('a kept page holding what was typed and not saved', () => {
  const unsaved = (a: ReturnType<typeof opened>, name: string, value = true) =>
    a.send({ type: 'tab.unsaved', name, unsaved: value });
  const dropping = (a: ReturnType<typeof opened>) => selectDropping(a.getSnapshot()).map((t) => t.name);

  it('asks before its tab closes; keeping leaves every tab open, dropping closes as asked', () => {
    const a = opened(tab('A'), tab('B'), tab('C'));
    unsaved(a, 'B');
    a.send({ type: 'tab.close', name: 'B' });
    expect(a.getSnapshot().value).toBe('askingToDrop');
    expect(dropping(a)).toEqual(['B']);
    a.send({ type: 'tab.keepEdits' });
    expect(names(a)).toEqual(['Workplace', 'A', 'B', 'C']);
    expect(dropping(a)).toEqual([]);
    a.send({ type: 'tab.close', name: 'B' });
    a.send({ type: 'tab.dropEdits' });
    expect(names(a)).toEqual(['Workplace', 'A', 'C']);
    expect(a.getSnapshot().context.unsaved).toEqual([]);
    expect(a.getSnapshot().value).toBe('several');
  });

  it('asks for every close that takes it: others, to the right, to the left, all; not for one that leaves it', () => {
    for (const [close, kept] of [
      [{ type: 'tab.closeOthers', name: 'C' }, ['Workplace', 'C']],
      [{ type: 'tab.closeRight', name: 'A' }, ['Workplace', 'A']],
      [{ type: 'tab.closeLeft', name: 'C' }, ['Workplace', 'C']],
      [{ type: 'tab.closeAll' }, ['Workplace']],
    ] as const) {
      const a = opened(tab('A'), tab('B'), tab('C'));
      unsaved(a, 'B');
      a.send(close);
      expect(dropping(a), close.type).toEqual(['B']);
      a.send({ type: 'tab.dropEdits' });
      expect(names(a), close.type).toEqual(kept);
    }
    const a = opened(tab('A'), tab('B'), tab('C'));
    unsaved(a, 'B');
    a.send({ type: 'tab.close', name: 'C' });
    a.send({ type: 'tab.closeRight', name: 'B' });
    expect(names(a)).toEqual(['Workplace', 'A', 'B']);
    expect(a.getSnapshot().value).toBe('several');
  });

  it('asks nothing once the page says it is saved, nor for a tab that is not open; signing out asks nothing', () => {
    const a = opened(tab('A'), tab('B'));
    unsaved(a, 'B');
    unsaved(a, 'B', false);
    unsaved(a, 'Nowhere');
    expect(a.getSnapshot().context.unsaved).toEqual([]);
    a.send({ type: 'tab.close', name: 'B' });
    expect(names(a)).toEqual(['Workplace', 'A']);
    unsaved(a, 'A');
    a.send({ type: 'tab.reset' });
    expect(names(a)).toEqual(['Workplace']);
    expect(a.getSnapshot().context.unsaved).toEqual([]);
  });

  it('closes as asked once the page is saved while it asks (Save, then its ×): nothing is lost', () => {
    const a = opened(tab('A'), tab('B'));
    unsaved(a, 'B');
    a.send({ type: 'tab.close', name: 'B' });
    unsaved(a, 'B', false);
    expect(names(a)).toEqual(['Workplace', 'A']);
    expect(a.getSnapshot().value).toBe('several');
    const b = opened(tab('A'));
    unsaved(b, 'A');
    b.send({ type: 'tab.close', name: 'A' });
    b.send({ type: 'tab.unsaved', name: 'Elsewhere', unsaved: false });
    expect(b.getSnapshot().value, 'another page saved: still asking').toBe('askingToDrop');
    unsaved(b, 'A', false);
    expect(names(b)).toEqual(['Workplace']);
    expect(b.getSnapshot().value).toBe('homeOnly');
  });

  it('lets the close go when the person goes back to the tab it would close (Back), and says where to return', () => {
    const a = opened(tab('A'), tab('B'));
    unsaved(a, 'B');
    a.send({ type: 'tab.close', name: 'B', returnTo: '/B?x=1' });
    expect(selectReturnTo(a.getSnapshot())).toBe('/B?x=1');
    a.send({ type: 'tab.open', tab: tab('B') });
    expect(a.getSnapshot().value).toBe('several');
    expect(names(a)).toEqual(['Workplace', 'A', 'B']);
    expect(selectReturnTo(a.getSnapshot())).toBeNull();
    // Opening a tab the close keeps does not call it off.
    a.send({ type: 'tab.closeOthers', name: 'A' });
    a.send({ type: 'tab.open', tab: tab('A') });
    expect(a.getSnapshot().value).toBe('askingToDrop');
    expect(selectReturnTo(a.getSnapshot()), 'a close from the menu left no page').toBeNull();
  });

  it('still takes pages opened while it asks', () => {
    const a = opened(tab('A'));
    unsaved(a, 'A');
    a.send({ type: 'tab.close', name: 'A' });
    a.send({ type: 'tab.open', tab: tab('B') });
    expect(names(a)).toEqual(['Workplace', 'A', 'B']);
    a.send({ type: 'tab.dropEdits' });
    expect(names(a)).toEqual(['Workplace', 'B']);
  });
});

describe('a tab closed by leaving its page', () => {
  it('closes once the navigation that left it is done, and not again on Back or Forward to where it went', () => {
    expect(tabEventAfter({ closeTab: 'NoticeDetail' }, 'PUSH')).toStrictEqual({
      type: 'tab.close',
      name: 'NoticeDetail',
    });
    expect(tabEventAfter({ resetTabs: true }, 'PUSH')).toStrictEqual({ type: 'tab.closeAll' });
    // Where it left from goes with it: kept after all, the person goes back there.
    expect(tabEventAfter({ closeTab: 'SystemSetting', from: '/system/setting' }, 'PUSH')).toEqual({
      type: 'tab.close',
      name: 'SystemSetting',
      returnTo: '/system/setting',
    });
    expect(tabEventAfter({ resetTabs: true, from: '/x' }, 'PUSH')).toEqual({
      type: 'tab.closeAll',
      returnTo: '/x',
    });
    expect(tabEventAfter({ closeTab: 'NoticeDetail' }, 'POP')).toBeNull();
    expect(tabEventAfter({ resetTabs: true }, 'POP')).toBeNull();
    // Any other history state (none, another page's own) asks nothing of the tab bar.
    for (const state of [null, undefined, 'x', {}, { closeTab: 3 }, { resetTabs: 'yes' }])
      expect(tabEventAfter(state, 'PUSH')).toBeNull();
  });
});

describe('the invariants, over random walks of every event', () => {
  // A small seeded generator (mulberry32), so a failing walk is the same on every run.
  function randomOf(seed: number) {
    let s = seed;
    return (n: number) => {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), 1 | s);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
  }
  const NAMES = ['Workplace', 'A', 'B', 'C', 'Z'];
  const eventsFor = (name: string): TabBarEvent[] => [
    { type: 'tab.open', tab: name === 'Workplace' ? HOME_TAB : tab(name, name === 'B') },
    { type: 'tab.open', tab: { ...tab(name), query: { page: '2' } } },
    { type: 'tab.close', name },
    { type: 'tab.closeOthers', name },
    { type: 'tab.closeRight', name },
    { type: 'tab.closeLeft', name },
    { type: 'tab.unsaved', name, unsaved: true },
    { type: 'tab.unsaved', name, unsaved: false },
  ];
  const EVENTS: TabBarEvent[] = [
    ...NAMES.flatMap(eventsFor),
    { type: 'tab.open', tab: tab('Redirect') },
    { type: 'tab.closeAll' },
    { type: 'tab.dropEdits' },
    { type: 'tab.keepEdits' },
    { type: 'tab.reset' },
  ];

  it('holds them after every event: the home tab first, the state says how many tabs are open, nothing typed is dropped unasked', () => {
    const next = randomOf(7);
    for (let walk = 0; walk < 400; walk++) {
      const a = createActor(tabBarMachine).start();
      for (let step = 0; step < 16; step++) {
        const before = a.getSnapshot();
        const event = EVENTS[next(EVENTS.length)]!;
        a.send(event);
        const s = a.getSnapshot();
        const { tabs, cacheList, unsaved, pending } = s.context;
        const tabNames = tabs.map((t) => t.name);
        const said = `walk ${walk} step ${step} ${JSON.stringify(event)} → ${JSON.stringify(s.value)} ${tabNames}`;
        expect(tabNames[0], said).toBe(HOME_TAB.name);
        expect(new Set(tabNames).size, said).toBe(tabNames.length);
        expect(tabNames, said).not.toContain('Redirect');
        expect(cacheList, said).toEqual(tabs.filter((t) => !t.ignoreCache).map((t) => t.name));
        expect(
          unsaved.every((name) => tabNames.includes(name)),
          said,
        ).toBe(true);
        expect(s.matches('askingToDrop'), said).toBe(pending !== null);
        if (s.matches('askingToDrop')) expect(selectDropping(s).length, said).toBeGreaterThan(0);
        else expect(s.matches('homeOnly'), said).toBe(tabs.length === 1);
        // A tab that held what was typed closes only when the person chose to drop it (or signed out).
        const droppedUnasked = before.context.unsaved.filter((name) => !tabNames.includes(name));
        // Opening a route already open points its tab at where it was opened, in the same place.
        if (event.type === 'tab.open' && before.context.tabs.some((t) => t.name === event.tab.name))
          expect(
            tabs.find((t) => t.name === event.tab.name),
            said,
          ).toMatchObject(event.tab);
        if (event.type === 'tab.open' && !before.matches('askingToDrop'))
          expect(tabNames.slice(0, before.context.tabs.length), said).toEqual(
            before.context.tabs.map((t) => t.name),
          );
        if (droppedUnasked.length > 0)
          expect(
            event.type === 'tab.dropEdits' ||
              event.type === 'tab.reset' ||
              (event.type === 'tab.unsaved' && !event.unsaved),
            said,
          ).toBe(true);
      }
    }
  });
});
