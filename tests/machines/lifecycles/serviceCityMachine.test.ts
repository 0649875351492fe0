import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  allowed,
  decide,
  evolve,
  start as startOf,
  type Command,
} from '../../../src/machines/lifecycles/lifecycle';
import {
  citySnapshot,
  cityStatusOf,
  isDeleted,
  serviceCityLifecycle,
  type ServiceCityCommand,
  type ServiceCitySnapshot,
} from '../../../src/machines/lifecycles/serviceCityLifecycle';
import {
  MAX_CITY_NAME_LENGTH,
  MAX_CITY_RANKING,
  cityNameKey,
  isValidCityName,
  isValidCityRanking,
  normalizeCityName,
  serviceCityMachine,
} from '../../../src/machines/lifecycles/serviceCityMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const creation = { name: 'Beijing', ranking: 1, is_enabled: true };
const commands = (s: AnyMachineSnapshot): Command[] => [
  { type: 'serviceCity.enable' },
  { type: 'serviceCity.close' },
  { type: 'serviceCity.rank', ranking: s.context.ranking === 1 ? 2 : 1 },
  { type: 'serviceCity.rename', name: s.context.name === 'Beijing' ? 'Peking' : 'Beijing' },
  { type: 'serviceCity.rename', name: s.context.name.toUpperCase() },
  { type: 'serviceCity.delete' },
];

describeMachinePaths(serviceCityMachine, {
  input: creation,
  events: walkFacts(serviceCityLifecycle, commands),
  serializeState: (s) => JSON.stringify([s.value, s.context]),
});

const start = () => startOf(serviceCityLifecycle, creation) as ServiceCitySnapshot;
const given = (...cs: ServiceCityCommand[]) =>
  givenIn(serviceCityLifecycle, creation, ...cs) as ServiceCitySnapshot;
const decideOn = (s: ServiceCitySnapshot, c: ServiceCityCommand) => decide(serviceCityLifecycle, s, c);
/** The city with `n` suppliers in it, as the pipeline feeds it (or the console reads it from the row). */
const withSuppliers = (n: number, s = start()) =>
  citySnapshot(cityStatusOf(s), { name: s.context.name, ranking: s.context.ranking, supplierCount: n });

describe('service city rules', () => {
  it('normalises names and compares them case-insensitively', () => {
    expect(normalizeCityName('  New   York ')).toBe('New York');
    expect(cityNameKey(' NEW york')).toBe('new york');
  });

  it('starts enabled; close then enable; repeated commands are refused with the state named', () => {
    expect(cityStatusOf(start())).toEqual({ is_enabled: true });
    expect(decideOn(start(), { type: 'serviceCity.enable' })).toMatchObject({
      accepted: false,
      reasonKey: 'system.city.reason.alreadyEnabled',
      message: 'Cannot enable this city while it is enabled: it is already enabled.',
    });
    expect(cityStatusOf(given({ type: 'serviceCity.close' }))).toEqual({ is_enabled: false });
  });

  it('refuses invalid or unchanged rankings and names', () => {
    const cases: Array<[ServiceCityCommand, string]> = [
      [{ type: 'serviceCity.rank', ranking: -1 }, 'invalidRanking'],
      [{ type: 'serviceCity.rank', ranking: 1.5 }, 'invalidRanking'],
      [{ type: 'serviceCity.rank', ranking: 1 }, 'rankingUnchanged'],
      [{ type: 'serviceCity.rename', name: '  ' }, 'invalidName'],
      [{ type: 'serviceCity.rename', name: ' Beijing ' }, 'nameUnchanged'],
    ];
    for (const [command, reason] of cases) {
      const d = decideOn(start(), command);
      expect(d.accepted ? 'accepted' : d.reasonKey, JSON.stringify(command)).toBe(
        `system.city.reason.${reason}`,
      );
    }
    // A bad value is the command's fault, not the state's: the message does not say "while it is".
    expect(decideOn(start(), { type: 'serviceCity.rename', name: '  ' })).toMatchObject({
      field: 'name',
      message: `Cannot rename this city: the name must have 1 to ${MAX_CITY_NAME_LENGTH} characters, none of them invisible.`,
    });
  });

  it('refuses to delete a city with suppliers in it, saying how many, and deletes an empty one', () => {
    const refused = decideOn(withSuppliers(3), { type: 'serviceCity.delete' });
    expect(refused).toMatchObject({
      accepted: false,
      reasonKey: 'system.city.reason.inUse',
      values: { count: 3 },
      message:
        'Cannot delete the service city "Beijing": 3 suppliers are in it. Close the city instead, or move those suppliers first.',
    });
    expect(isDeleted(given({ type: 'serviceCity.delete' }))).toBe(true);
  });

  it('refuses a rename that would leave its suppliers behind, but takes a change of case', () => {
    const inUse = withSuppliers(1);
    expect(decideOn(inUse, { type: 'serviceCity.rename', name: 'Peking' })).toMatchObject({
      accepted: false,
      reasonKey: 'system.city.reason.inUseRename',
    });
    expect(decideOn(inUse, { type: 'serviceCity.rename', name: 'BEIJING' }).accepted).toBe(true);
    expect(decideOn(start(), { type: 'serviceCity.rename', name: 'Peking' }).accepted).toBe(true);
  });

  it('a deleted city takes no more commands', () => {
    const d = decideOn(given({ type: 'serviceCity.delete' }), { type: 'serviceCity.enable' });
    expect(!d.accepted && d.reasonKey).toBe('system.city.reason.deleted');
  });

  it('stores a rename with the previous name', () => {
    const d = decideOn(start(), { type: 'serviceCity.rename', name: ' Peking ' });
    expect(d.accepted && d.facts).toEqual([
      { type: 'ServiceCityRenamed', data: { name: 'Peking', previous: 'Beijing' } },
    ]);
  });

  it('only admins change cities (the policy table); the rules say when', () => {
    expect(allowed(serviceCityLifecycle, start(), 'serviceCity.close', 'admin')).toEqual({ ok: true });
    expect(allowed(serviceCityLifecycle, start(), 'serviceCity.enable', 'admin')).toMatchObject({
      ok: false,
      reasonKey: 'system.city.reason.alreadyEnabled',
    });
    expect(allowed(serviceCityLifecycle, start(), 'serviceCity.close', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(serviceCityLifecycle, withSuppliers(2), 'serviceCity.delete', 'admin')).toMatchObject({
      ok: false,
      reasonKey: 'system.city.reason.inUse',
      values: { count: 2 },
    });
  });
});

describe('the service city lifecycle declaration', () => {
  const enable = { type: 'serviceCity.enable' } as const;
  const close = { type: 'serviceCity.close' } as const;
  const remove = { type: 'serviceCity.delete' } as const;
  const reasonOf = (s: ServiceCitySnapshot, c: ServiceCityCommand) => {
    const d = decideOn(s, c);
    return d.accepted ? 'accepted' : d.reasonKey.replace('system.city.reason.', '');
  };

  it('a deleted city names its deletion for every command; a closed one is already closed', () => {
    const deleted = given(remove);
    for (const command of [
      enable,
      close,
      remove,
      { type: 'serviceCity.rank', ranking: 5 },
      { type: 'serviceCity.rename', name: 'Peking' },
    ] as ServiceCityCommand[]) {
      expect(reasonOf(deleted, command), command.type).toBe('deleted');
    }
    expect(reasonOf(given(close), close)).toBe('alreadyClosed');
    expect(reasonOf(given(close), enable)).toBe('accepted');
    expect(reasonOf(given(close), { type: 'serviceCity.rename', name: 'x'.repeat(51) })).toBe('invalidName');
  });

  it('stores what each command changes, with the city it is about', () => {
    const facts = (s: ServiceCitySnapshot, c: ServiceCityCommand) => {
      const d = decideOn(s, c);
      return d.accepted ? d.facts : d.reasonKey;
    };
    expect(facts(start(), close)).toEqual([{ type: 'ServiceCityClosed', data: { name: 'Beijing' } }]);
    expect(facts(given(close), enable)).toEqual([{ type: 'ServiceCityEnabled', data: { name: 'Beijing' } }]);
    expect(facts(start(), remove)).toEqual([{ type: 'ServiceCityDeleted', data: { name: 'Beijing' } }]);
    expect(facts(start(), { type: 'serviceCity.rank', ranking: 7 })).toEqual([
      { type: 'ServiceCityRanked', data: { ranking: 7, previous: 1 } },
    ]);
  });

  it('a city read from its row has its name normalised and its suppliers counted (none when not said)', () => {
    const row = citySnapshot({ is_enabled: false }, { name: '  New   York ', ranking: 3 });
    expect(row.value).toEqual({ active: 'closed' });
    expect(row.context).toEqual({ name: 'New York', ranking: 3, supplierCount: 0 });
    expect(cityStatusOf(citySnapshot({ is_enabled: true }, row.context))).toEqual({ is_enabled: true });
  });

  it('a refusal over suppliers counts them in words, one or several, and names the city', () => {
    const one = decideOn(withSuppliers(1), remove);
    expect(!one.accepted && one.message).toContain('"Beijing": 1 supplier is in it.');
    const two = decideOn(withSuppliers(2), { type: 'serviceCity.rename', name: 'Peking' });
    expect(!two.accepted && two.message).toContain('"Beijing": 2 suppliers are in it.');
    expect(two).toMatchObject({ values: { count: 2, name: 'Beijing' } });
    const other = decideOn(withSuppliers(2), enable);
    expect(!other.accepted && other.message).toBe(
      'Cannot enable this city while it is enabled: it is already enabled.',
    );
  });

  it('asks "is it possible now?" with a new ranking and a new name', () => {
    const at = (ranking: number) =>
      citySnapshot({ is_enabled: true }, { name: 'Beijing', ranking, supplierCount: 0 });
    for (const ranking of [0, 1, 5, MAX_CITY_RANKING]) {
      expect(allowed(serviceCityLifecycle, at(ranking), 'serviceCity.rank'), String(ranking)).toEqual({
        ok: true,
      });
    }
    expect(allowed(serviceCityLifecycle, start(), 'serviceCity.rename')).toEqual({ ok: true });
    expect(allowed(serviceCityLifecycle, withSuppliers(1), 'serviceCity.rename')).toMatchObject({
      ok: false,
      reasonKey: 'system.city.reason.inUseRename',
    });
  });
});

describe('service city names and rankings at their edges', () => {
  const reasonOf = (s: ServiceCitySnapshot, c: ServiceCityCommand) => {
    const d = decideOn(s, c);
    return d.accepted ? 'accepted' : d.reasonKey.replace('system.city.reason.', '');
  };

  it('a name has 1 to the maximum characters once trimmed and its inner spaces collapsed', () => {
    const longest = 'c'.repeat(MAX_CITY_NAME_LENGTH);
    for (const ok of [
      'X',
      longest,
      `  ${longest}\t`,
      `New${' '.repeat(60)}York`,
      '北京',
      'Xi’an',
      'São Paulo',
    ])
      expect(isValidCityName(ok), ok.slice(0, 10)).toBe(true);
    // Invisible characters (a zero-width space, a joiner, a direction mark, a control character) would make a
    // second "Walktown" that looks like the first.
    const invisible = ['Walk\u200btown', 'Walk\u200dtown', '\u200eWalktown', 'Walk\u0007town'];
    for (const bad of ['', '   ', '\n\t', `${longest}c`, 42, null, undefined, ['Beijing'], ...invisible])
      expect(isValidCityName(bad), String(bad)).toBe(false);
    expect(normalizeCityName('New\t\nYork')).toBe('New York');
    expect(reasonOf(start(), { type: 'serviceCity.rename', name: longest })).toBe('accepted');
    expect(reasonOf(start(), { type: 'serviceCity.rename', name: `${longest}c` })).toBe('invalidName');
  });

  it('a ranking is a whole number from 0 to the maximum', () => {
    for (const ok of [0, 1, MAX_CITY_RANKING]) expect(isValidCityRanking(ok), String(ok)).toBe(true);
    for (const bad of [-1, MAX_CITY_RANKING + 1, 0.5, NaN, Infinity, '3', null])
      expect(isValidCityRanking(bad), String(bad)).toBe(false);
    expect(reasonOf(start(), { type: 'serviceCity.rank', ranking: 0 })).toBe('accepted');
    expect(reasonOf(start(), { type: 'serviceCity.rank', ranking: MAX_CITY_RANKING })).toBe('accepted');
    expect(reasonOf(start(), { type: 'serviceCity.rank', ranking: MAX_CITY_RANKING + 1 })).toBe(
      'invalidRanking',
    );
  });

  it('a new ranking or name is kept, and a closed city is renamed and ranked like an open one', () => {
    const closed = given({ type: 'serviceCity.close' });
    const ranked = decideOn(closed, { type: 'serviceCity.rank', ranking: 0 });
    expect(ranked.accepted && ranked.snapshot.context).toEqual({
      name: 'Beijing',
      ranking: 0,
      supplierCount: 0,
    });
    const renamed = decideOn(closed, { type: 'serviceCity.rename', name: '  Peking  North ' });
    expect(renamed.accepted && renamed.snapshot.context.name).toBe('Peking North');
    expect(renamed.accepted && cityStatusOf(renamed.snapshot)).toEqual({ is_enabled: false });
  });

  it('a city with suppliers in it takes a change of spacing, and one without suppliers is deleted while closed', () => {
    const inUse = withSuppliers(2);
    const spaced = decideOn(inUse, { type: 'serviceCity.rename', name: ' beijing ' });
    expect(spaced.accepted && spaced.snapshot.context.name).toBe('beijing');
    expect(isDeleted(given({ type: 'serviceCity.close' }, { type: 'serviceCity.delete' }))).toBe(true);
    expect(
      reasonOf(withSuppliers(1, given({ type: 'serviceCity.close' })), { type: 'serviceCity.delete' }),
    ).toBe('inUse');
  });

  it('a rename stored untrimmed (by an older version) replays to the stored form of the name', () => {
    const renamed = evolve(serviceCityLifecycle, start(), {
      type: 'ServiceCityRenamed',
      data: { name: '  Peking   North ', previous: 'Beijing' },
    });
    expect(renamed.context.name).toBe('Peking North');
  });
});

describeLifecycleProperties({
  lifecycle: serviceCityLifecycle,
  creation,
  commands,
  invariants: (snapshot) => {
    const s = snapshot as ServiceCitySnapshot;
    expect(s.context.name).toBe(normalizeCityName(s.context.name));
    expect(s.context.name.length).toBeGreaterThan(0);
  },
  seen: {
    deleted: (s) => isDeleted(s as ServiceCitySnapshot),
    closed: (s) => !isDeleted(s as ServiceCitySnapshot) && !cityStatusOf(s as ServiceCitySnapshot).is_enabled,
    renamed: (s) => (s as ServiceCitySnapshot).context.name !== 'Beijing',
  },
});
