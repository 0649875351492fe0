import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { allowed, decide, start as startOf, type Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  citySnapshot,
  cityStatusOf,
  isDeleted,
  serviceCityLifecycle,
  type ServiceCityCommand,
  type ServiceCitySnapshot,
} from '../../../src/machines/lifecycles/serviceCityLifecycle';
import {
  cityNameKey,
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
