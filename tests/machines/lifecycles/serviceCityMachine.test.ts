import { describe, expect, it } from 'vitest';
import { initialTransition, type AnyMachineSnapshot } from 'xstate';
import {
  cityAvailability,
  citySnapshot,
  cityStatusOf,
  decideCity,
  fromStoredCityEvent,
  toStoredCityEvent,
} from '../../../src/machines/lifecycles/serviceCityLifecycle';
import {
  cityNameKey,
  normalizeCityName,
  serviceCityMachine,
  type ServiceCityEvent,
} from '../../../src/machines/lifecycles/serviceCityMachine';
import { describeMachinePaths } from '../../support/machinePaths';

const input = { name: 'Beijing', ranking: 1 };

describeMachinePaths(serviceCityMachine, {
  input,
  events: (s: AnyMachineSnapshot) => [
    { type: 'serviceCity.enable' },
    { type: 'serviceCity.close' },
    { type: 'serviceCity.rank', ranking: s.context.ranking === 1 ? 2 : 1 },
    { type: 'serviceCity.rename', name: s.context.name === 'Beijing' ? 'Peking' : 'Beijing' },
    { type: 'serviceCity.delete' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context]),
});

const start = () => initialTransition(serviceCityMachine, input)[0];

describe('service city rules', () => {
  it('normalises names and compares them case-insensitively', () => {
    expect(normalizeCityName('  New   York ')).toBe('New York');
    expect(cityNameKey(' NEW york')).toBe('new york');
  });

  it('starts enabled; close then enable; repeated commands are refused with the state named', () => {
    expect(cityStatusOf(start())).toEqual({ is_enabled: true });
    const enable = decideCity(start(), { type: 'serviceCity.enable' });
    expect(enable).toMatchObject({
      accepted: false,
      reasonKey: 'system.city.reason.alreadyEnabled',
      message: 'Cannot enable this city while it is enabled: it is already enabled.',
    });
    const closed = decideCity(start(), { type: 'serviceCity.close' });
    expect(closed.accepted && cityStatusOf(closed.snapshot)).toEqual({ is_enabled: false });
  });

  it('refuses invalid or unchanged rankings and names', () => {
    const cases: Array<[ServiceCityEvent, string]> = [
      [{ type: 'serviceCity.rank', ranking: -1 }, 'invalidRanking'],
      [{ type: 'serviceCity.rank', ranking: 1.5 }, 'invalidRanking'],
      [{ type: 'serviceCity.rank', ranking: 1 }, 'rankingUnchanged'],
      [{ type: 'serviceCity.rename', name: '  ' }, 'invalidName'],
      [{ type: 'serviceCity.rename', name: ' Beijing ' }, 'nameUnchanged'],
    ];
    for (const [event, reason] of cases) {
      const d = decideCity(start(), event);
      expect(d.accepted ? 'accepted' : d.reasonKey, JSON.stringify(event)).toBe(
        `system.city.reason.${reason}`,
      );
    }
  });

  it('a deleted city takes no more events', () => {
    const deleted = decideCity(start(), { type: 'serviceCity.delete' });
    if (!deleted.accepted) throw new Error('delete refused');
    const d = decideCity(deleted.snapshot, { type: 'serviceCity.enable' });
    expect(d.accepted).toBe(false);
    expect(!d.accepted && d.reasonKey).toBe('system.city.reason.deleted');
  });

  it('stored events keep previous values and replay to the same event', () => {
    const ctx = start().context;
    const rename = { type: 'serviceCity.rename', name: ' Peking ' } as const;
    const stored = toStoredCityEvent(rename, ctx);
    expect(stored).toEqual({ type: 'ServiceCityRenamed', data: { name: 'Peking', previous: 'Beijing' } });
    expect(fromStoredCityEvent(stored)).toEqual({ type: 'serviceCity.rename', name: 'Peking' });
    const rank = toStoredCityEvent({ type: 'serviceCity.rank', ranking: 5 }, ctx);
    expect(fromStoredCityEvent(rank)).toEqual({ type: 'serviceCity.rank', ranking: 5 });
  });

  it('availability: only admins; enable only when closed, close only when enabled', () => {
    expect(cityAvailability({ is_enabled: true }, 'serviceCity.close', 'admin')).toEqual({
      allowed: true,
      reasonKey: null,
    });
    expect(cityAvailability({ is_enabled: true }, 'serviceCity.enable', 'admin').reasonKey).toBe(
      'system.city.reason.alreadyEnabled',
    );
    expect(cityAvailability({ is_enabled: false }, 'serviceCity.enable', 'user').reasonKey).toBe(
      'system.city.reason.adminOnly',
    );
    expect(citySnapshot({ is_enabled: false }, { name: 'x', ranking: 0 }).matches({ active: 'closed' })).toBe(
      true,
    );
  });
});
