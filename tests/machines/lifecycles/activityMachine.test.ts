import { describe, expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot } from 'xstate';
import { POLICY, ROLES, policyReason } from '../../../src/contract/policy';
import {
  ACTIVITY_CREATED,
  activityAt,
  activityEditableFields,
  activityLifecycle,
  activityPhaseOf,
  activityStatusOf,
  type ActivityCommand,
  type ActivitySnapshot,
} from '../../../src/machines/lifecycles/activityLifecycle';
import {
  MAX_ACTIVITY_CITIES,
  MAX_ACTIVITY_CONTENT_LENGTH,
  MAX_ACTIVITY_PROJECTS,
  MAX_ACTIVITY_TITLE_LENGTH,
  RUNNING_EDITABLE,
  activityMachine,
  activityPhaseAt,
  changedActivityFields,
  isValidActivityBody,
  isValidActivityCities,
  isValidActivityContent,
  isValidActivityCover,
  isValidActivityProjects,
  isValidActivityTitle,
  isValidActivityWindow,
  type ActivityBody,
  type ActivityChanges,
  type ActivityPhase,
} from '../../../src/machines/lifecycles/activityMachine';
import {
  UnreadableFact,
  allowed,
  decide,
  defineLifecycle,
  evolve,
  replay,
  type Command,
  type Fact,
} from '../../../src/machines/lifecycles/lifecycle';
import { describeLifecycleProperties, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The clock of these examples. */
const NOW = '2026-11-26T12:00:00.000Z';
const t = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

/** Tomorrow for a week, in two cities, for one project. */
const creation: ActivityBody = {
  title: 'Spring deep clean',
  cover: '/uploads/spring.jpg',
  content: '<p>20% off every deep clean.</p>',
  startsAt: t(DAY),
  endsAt: t(8 * DAY),
  cities: ['Shanghai', 'Hangzhou'],
  projects: [{ id: 3, name: 'Deep clean' }],
};

/** The lifecycle as the server runs it at NOW: every record it loads is given that time. */
const atNow = defineLifecycle({
  ...activityLifecycle,
  start: (data: ActivityBody) => activityAt(activityLifecycle.start(data), NOW),
});

const edit = (changes: ActivityChanges) => ({ type: 'activity.edit', changes }) as ActivityCommand;
const plain = (type: Exclude<ActivityCommand['type'], 'activity.edit'>) => ({ type }) as ActivityCommand;
const renamed = (from: string, to: string): ActivityCommand => ({
  type: 'activity.followCityRename',
  from,
  to,
});
const projectRenamed = (id: number, to: string): ActivityCommand => ({
  type: 'activity.followProjectRename',
  id,
  to,
});

// Valid and invalid commands alike, for the path walk and the random sequences.
const commands = (): Command[] => [
  plain('activity.publish'),
  plain('activity.withdraw'),
  plain('activity.end'),
  plain('activity.enable'),
  plain('activity.close'),
  edit({ title: 'Spring offer' }),
  edit({ title: 'x'.repeat(MAX_ACTIVITY_TITLE_LENGTH + 1) }),
  edit({ content: '<p>25% off.</p>' }),
  edit({ content: '<p> </p>' }),
  edit({ cover: '' }),
  edit({ cover: 'javascript:alert(1)' }),
  edit({ startsAt: t(-HOUR) }),
  edit({ startsAt: t(2 * HOUR) }),
  edit({ endsAt: t(3 * DAY) }),
  edit({ endsAt: t(-2 * HOUR) }),
  edit({ startsAt: t(-3 * DAY), endsAt: t(-2 * DAY) }),
  edit({ cities: ['Beijing'] }),
  edit({ cities: [] }),
  edit({ projects: [{ id: 3, name: 'Renamed since' }] }),
  edit({ projects: [{ id: 4, name: 'Window cleaning' }] }),
  renamed('Hangzhou', 'Hangzhou West'),
  renamed('Hangzhou West', 'Hangzhou'),
  renamed('Beijing', 'Peking'),
  renamed('Shanghai', 'Hangzhou'),
  projectRenamed(3, 'Deep clean plus'),
  projectRenamed(3, 'Deep clean'),
  projectRenamed(9, 'Not named'),
];

describeMachinePaths(activityMachine, {
  input: { ...creation, now: NOW },
  events: walkFacts(atNow, commands),
  // The text and the exact times matter to the rules, not to the shape: the states, and which fields changed.
  serializeState: (s) => JSON.stringify([s.value, s.context.title, s.context.startsAt, s.context.endsAt]),
});

const start = (over: Partial<ActivityBody> = {}) => atNow.start({ ...creation, ...over }) as ActivitySnapshot;
const after = (s: ActivitySnapshot, ...cs: ActivityCommand[]) =>
  cs.reduce((state, c) => {
    const d = decide(activityLifecycle, state, c);
    if (!d.accepted) throw new Error(`${c.type} refused: ${d.message}`);
    return d.snapshot as ActivitySnapshot;
  }, s);
const refusal = (s: ActivitySnapshot, c: ActivityCommand) => {
  const d = decide(activityLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('activity.reason.', '');
};
const phase = (s: ActivitySnapshot) => activityPhaseOf(s);

/** One snapshot in each phase at NOW, reached by commands. */
const inEach = (): Record<ActivityPhase, ActivitySnapshot> => ({
  draft: start(),
  scheduled: after(start(), plain('activity.publish')),
  running: after(start({ startsAt: t(-HOUR) }), plain('activity.publish')),
  ended: after(start({ startsAt: t(-HOUR) }), plain('activity.publish'), plain('activity.end')),
});

describe('activity rules', () => {
  it('starts a draft, enabled, keeping what was written', () => {
    const s = start();
    expect(phase(s)).toBe('draft');
    expect(activityStatusOf(s)).toEqual({ is_published: false, is_enabled: true });
    expect(s.context).toEqual({ ...creation, now: NOW });
  });

  it('follows the clock once published: scheduled before its start, running from it, ended from its end', () => {
    const published = inEach().scheduled;
    const at = (time: string) => phase(activityAt(published, time));
    expect(at(t(DAY - 1))).toBe('scheduled');
    expect(at(t(DAY))).toBe('running');
    expect(at(t(8 * DAY - 1))).toBe('running');
    expect(at(t(8 * DAY))).toBe('ended');
    expect(at(t(100 * DAY))).toBe('ended');
    // The same rule as a function (what the list's SQL mirrors), and a draft never moves.
    expect(activityPhaseAt(creation, t(DAY))).toBe('running');
    expect(activityPhaseAt(creation, t(8 * DAY))).toBe('ended');
    expect(phase(activityAt(start(), t(3 * DAY)))).toBe('draft');
  });

  it('publishes a draft only while its end is ahead; one that started already runs at once', () => {
    expect(phase(inEach().scheduled)).toBe('scheduled');
    expect(phase(inEach().running)).toBe('running');
    const over = start({ startsAt: t(-2 * DAY), endsAt: t(-DAY) });
    expect(refusal(over, plain('activity.publish'))).toBe('endPassed');
    const endsNow = start({ startsAt: t(-DAY), endsAt: NOW });
    expect(refusal(endsNow, plain('activity.publish'))).toBe('endPassed');
    for (const p of ['scheduled', 'running', 'ended'] as const)
      expect(refusal(inEach()[p], plain('activity.publish')), p).toBe('notDraft');
  });

  it('edits a draft in any field, even to a window already past; only what changes, with the previous values', () => {
    const d = decide(activityLifecycle, start(), edit({ title: 'New', cities: ['Shanghai', 'Hangzhou'] }));
    expect(d.accepted && d.facts).toEqual([
      { type: 'ActivityEdited', data: { changes: { title: 'New' }, previous: { title: creation.title } } },
    ]);
    const old = after(start(), edit({ startsAt: t(-3 * DAY), endsAt: t(-2 * DAY) }));
    expect(phase(old)).toBe('draft');
    expect(refusal(start(), edit({ title: creation.title }))).toBe('noChanges');
    // A project compares by id: a name that changed since is the same project.
    expect(refusal(start(), edit({ projects: [{ id: 3, name: 'Renamed since' }] }))).toBe('noChanges');
  });

  it('every edit leaves a valid activity: title, content, cover, window, cities and projects', () => {
    const bad: ActivityChanges[] = [
      { title: ' ' },
      { title: 'x'.repeat(MAX_ACTIVITY_TITLE_LENGTH + 1) },
      { content: '<p> </p>' },
      { content: `<p>${'x'.repeat(50_001)}</p>` },
      { cover: 'javascript:alert(1)' },
      { cover: '/uploads/../secret.jpg' },
      { startsAt: creation.endsAt },
      { endsAt: 'tomorrow' },
      { cities: [] },
      { cities: ['Shanghai', 'Shanghai'] },
      { cities: Array.from({ length: 51 }, (_, i) => `City ${i}`) },
      { projects: [] },
      {
        projects: [
          { id: 3, name: 'a' },
          { id: 3, name: 'b' },
        ],
      },
      { projects: [{ id: 0, name: 'none' }] },
    ];
    for (const s of [inEach().draft, inEach().scheduled]) {
      for (const changes of bad)
        expect(refusal(s, edit(changes)), JSON.stringify(changes)).toBe('invalidEdit');
    }
    expect(refusal(start(), edit({ title: 'x'.repeat(MAX_ACTIVITY_TITLE_LENGTH) }))).toBe('accepted');
    expect(refusal(start(), edit({ content: '<p><img src="/uploads/a.png"></p>' }))).toBe('accepted');
  });

  it('edits a scheduled activity freely while its end stays ahead; a start moved past runs it at once', () => {
    const s = inEach().scheduled;
    expect(phase(after(s, edit({ title: 'Moved', startsAt: t(2 * DAY), cities: ['Beijing'] })))).toBe(
      'scheduled',
    );
    expect(phase(after(s, edit({ startsAt: t(-HOUR) })))).toBe('running');
    expect(refusal(s, edit({ startsAt: t(-2 * DAY), endsAt: t(-DAY) }))).toBe('endNotAhead');
  });

  it('a running activity changes only its content, cover and end, and its end stays ahead', () => {
    const s = inEach().running;
    expect(RUNNING_EDITABLE).toEqual(['content', 'cover', 'endsAt']);
    expect(refusal(s, edit({ content: '<p>Now 30% off.</p>', cover: '', endsAt: t(20 * DAY) }))).toBe(
      'accepted',
    );
    for (const changes of [
      { title: 'Renamed' },
      { startsAt: t(-2 * HOUR) },
      { cities: ['Beijing'] },
      { projects: [{ id: 4, name: 'Window cleaning' }] },
      { content: '<p>ok</p>', title: 'Renamed' },
    ]) {
      expect(refusal(s, edit(changes)), JSON.stringify(changes)).toBe('runningFields');
    }
    expect(refusal(s, edit({ endsAt: NOW }))).toBe('endNotAhead');
    expect(refusal(s, edit({ endsAt: t(-HOUR / 2) }))).toBe('endNotAhead');
    expect(refusal(s, edit({ endsAt: t(-HOUR) }))).toBe('invalidEdit');
    expect(refusal(s, edit({ content: '<p> </p>' }))).toBe('invalidEdit');
  });

  it('withdraws only a scheduled activity, ends early only a running one, at the clock’s time', () => {
    const each = inEach();
    expect(phase(after(each.scheduled, plain('activity.withdraw')))).toBe('draft');
    for (const p of ['draft', 'running', 'ended'] as const)
      expect(refusal(each[p], plain('activity.withdraw')), p).toBe('notScheduled');
    const d = decide(activityLifecycle, each.running, plain('activity.end'));
    expect(d.accepted && d.facts).toEqual([{ type: 'ActivityEndedEarly', data: { endsAt: NOW } }]);
    expect(d.accepted && (d.snapshot as ActivitySnapshot).context.endsAt).toBe(NOW);
    for (const p of ['draft', 'scheduled', 'ended'] as const)
      expect(refusal(each[p], plain('activity.end')), p).toBe('notRunning');
  });

  it('an ended activity is not edited; it is still enabled or closed', () => {
    const s = inEach().ended;
    expect(refusal(s, edit({ content: '<p>After</p>' }))).toBe('ended');
    expect(refusal(s, edit({ endsAt: t(DAY) }))).toBe('ended');
    const closed = after(s, plain('activity.close'));
    expect(activityStatusOf(closed).is_enabled).toBe(false);
    expect(refusal(closed, plain('activity.close'))).toBe('alreadyClosed');
    expect(refusal(s, plain('activity.enable'))).toBe('alreadyEnabled');
    expect(activityStatusOf(after(closed, plain('activity.enable'))).is_enabled).toBe(true);
  });

  it('follows a renamed city or project in every state, in its place, and nothing else; one it does not name is refused', () => {
    for (const [p, s] of Object.entries(inEach())) {
      const closed = after(s, plain('activity.close'));
      for (const held of [s, closed]) {
        const d = decide(activityLifecycle, held, renamed('Hangzhou', 'Hangzhou West'));
        expect(d.accepted, p).toBe(true);
        if (!d.accepted) continue;
        expect(d.facts).toEqual([
          { type: 'ActivityCityRenamed', data: { from: 'Hangzhou', to: 'Hangzhou West' } },
        ]);
        const next = d.snapshot as ActivitySnapshot;
        expect(next.context).toEqual({ ...held.context, cities: ['Shanghai', 'Hangzhou West'] });
        expect(next.value, p).toEqual(held.value);
      }
      expect(refusal(s, renamed('Beijing', 'Peking')), p).toBe('cityNotNamed');
      // Never two of one city: a name it already holds is not taken twice.
      expect(refusal(s, renamed('Shanghai', 'Hangzhou')), p).toBe('cityNotNamed');
      expect(refusal(s, renamed('Shanghai', ' ')), p).toBe('cityNotNamed');
    }
    // A project renamed: named by its new name, the old one kept with the fact; one it does not name is refused.
    for (const [p, s] of Object.entries(inEach())) {
      const d = decide(activityLifecycle, s, projectRenamed(3, 'Deep clean plus'));
      expect(d.accepted && d.facts, p).toEqual([
        { type: 'ActivityProjectRenamed', data: { id: 3, from: 'Deep clean', to: 'Deep clean plus' } },
      ]);
      expect(d.accepted && (d.snapshot as ActivitySnapshot).context.projects, p).toEqual([
        { id: 3, name: 'Deep clean plus' },
      ]);
      expect(refusal(s, projectRenamed(4, 'Window cleaning plus')), p).toBe('projectNotNamed');
      expect(refusal(s, projectRenamed(3, 'Deep clean')), p).toBe('projectNotNamed');
    }
    // The rename's cause is kept with the fact.
    const cause = { type: 'ServiceCityRenamed', service_city_id: 4 };
    const d = decide(activityLifecycle, start(), { ...renamed('Shanghai', 'Shanghai City'), cause });
    expect(d.accepted && d.facts[0]!.data).toEqual({ from: 'Shanghai', to: 'Shanghai City', cause });
  });

  it('explains a refusal in English with the state', () => {
    const d = decide(activityLifecycle, inEach().running, edit({ title: 'Renamed' }));
    expect(!d.accepted && d.message).toBe(
      'Cannot edit this activity while it is running, enabled: while it runs, only its content, cover and end change (content, cover, endsAt).',
    );
  });
});

describe('activity values, at their limits', () => {
  it('a title of 1 to the maximum characters once trimmed, and text', () => {
    const max = 'x'.repeat(MAX_ACTIVITY_TITLE_LENGTH);
    expect(isValidActivityTitle(max)).toBe(true);
    expect(isValidActivityTitle(`  ${max}  `)).toBe(true);
    expect(isValidActivityTitle(`${max}x`)).toBe(false);
    expect(isValidActivityTitle('x')).toBe(true);
    expect(isValidActivityTitle('   ')).toBe(false);
    expect(isValidActivityTitle(12)).toBe(false);
  });

  it('content that says something (text, an image or a video), at most the maximum characters', () => {
    const at = (n: number) => `<p>${'x'.repeat(n - 7)}</p>`;
    expect(isValidActivityContent(at(MAX_ACTIVITY_CONTENT_LENGTH))).toBe(true);
    expect(isValidActivityContent(at(MAX_ACTIVITY_CONTENT_LENGTH + 1))).toBe(false);
    expect(isValidActivityContent('<p><br></p>')).toBe(false);
    expect(isValidActivityContent('<video src="/uploads/a.mp4"></video>')).toBe(true);
    expect(isValidActivityContent(null)).toBe(false);
  });

  it('a cover that is empty or an image address', () => {
    expect(isValidActivityCover('')).toBe(true);
    expect(isValidActivityCover('/uploads/spring.jpg')).toBe(true);
    expect(isValidActivityCover('https://cdn.example/a.png')).toBe(true);
    expect(isValidActivityCover('data:image/png;base64,AAAA')).toBe(false);
    expect(isValidActivityCover(5)).toBe(false);
    expect(isValidActivityCover(null)).toBe(false);
  });

  it('a window of two real times, the start before the end', () => {
    expect(isValidActivityWindow(t(0), t(1))).toBe(true);
    expect(isValidActivityWindow(t(1), t(1))).toBe(false);
    expect(isValidActivityWindow(t(2), t(1))).toBe(false);
    expect(isValidActivityWindow('soon', t(1))).toBe(false);
    expect(isValidActivityWindow(t(0), 'later')).toBe(false);
    expect(isValidActivityWindow(null, t(1))).toBe(false);
    expect(isValidActivityWindow(t(0), null)).toBe(false);
    expect(isValidActivityWindow(0, 1)).toBe(false);
    // Numbers are not times, though Date.parse would read them as years.
    expect(isValidActivityWindow(0, t(1))).toBe(false);
    expect(isValidActivityWindow(t(0), 2100)).toBe(false);
  });

  it('1 to the maximum different cities, each a name', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `City ${i}`);
    expect(isValidActivityCities(names(1))).toBe(true);
    expect(isValidActivityCities(names(MAX_ACTIVITY_CITIES))).toBe(true);
    expect(isValidActivityCities(names(MAX_ACTIVITY_CITIES + 1))).toBe(false);
    expect(isValidActivityCities([])).toBe(false);
    expect(isValidActivityCities(['Shanghai', ' '])).toBe(false);
    expect(isValidActivityCities(['Shanghai', 3])).toBe(false);
    expect(isValidActivityCities(['Shanghai', 'Shanghai'])).toBe(false);
    expect(isValidActivityCities('Shanghai')).toBe(false);
  });

  it('1 to the maximum different projects, each with a positive id', () => {
    const projects = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `P${i}` }));
    expect(isValidActivityProjects(projects(2))).toBe(true);
    expect(isValidActivityProjects(projects(MAX_ACTIVITY_PROJECTS))).toBe(true);
    expect(isValidActivityProjects(projects(MAX_ACTIVITY_PROJECTS + 1))).toBe(false);
    expect(isValidActivityProjects([])).toBe(false);
    expect(
      isValidActivityProjects([
        { id: 1, name: 'a' },
        { id: -1, name: 'b' },
      ]),
    ).toBe(false);
    expect(
      isValidActivityProjects([
        { id: 1, name: 'a' },
        { id: 1.5, name: 'b' },
      ]),
    ).toBe(false);
    expect(isValidActivityProjects([{ id: 1, name: 'a' }, null])).toBe(false);
    expect(isValidActivityProjects({ id: 1 })).toBe(false);
  });

  it('an edit counts only the body’s fields that it gives and that differ', () => {
    const c = start().context;
    expect(changedActivityFields(c, { now: t(1) } as never)).toEqual([]);
    expect(changedActivityFields(c, { title: undefined, content: c.content })).toEqual([]);
    expect(changedActivityFields(c, { title: 'Other', cities: ['Beijing'] })).toEqual(['title', 'cities']);
    expect(changedActivityFields(c, { projects: [{ id: 3, name: 'Renamed' }] })).toEqual([]);
    expect(changedActivityFields(c, { projects: [null as never] })).toEqual(['projects']);
  });
});

describe('the clock inside the machine', () => {
  /** A snapshot held in `phase` at time `now`, then any fact: the machine's own clock steps run after it. */
  const stepAt = (phase: 'scheduled' | 'running', now: string) => {
    const held = activityMachine.resolveState({
      value: { schedule: { published: phase }, enablement: 'enabled' },
      context: { ...creation, now },
    });
    return transition(activityMachine, held, { type: 'ActivityClosed', data: {} })[0] as ActivitySnapshot;
  };

  it('moves scheduled to running from its start, and running to ended from its end, as activityPhaseAt says', () => {
    expect(phase(stepAt('scheduled', t(DAY - 1)))).toBe('scheduled');
    expect(phase(stepAt('scheduled', t(DAY)))).toBe('running');
    expect(phase(stepAt('scheduled', t(8 * DAY)))).toBe('ended');
    expect(phase(stepAt('running', t(8 * DAY - 1)))).toBe('running');
    expect(phase(stepAt('running', t(8 * DAY)))).toBe('ended');
    for (const at of [-DAY, DAY - 1, DAY, 3 * DAY, 8 * DAY - 1, 8 * DAY, 9 * DAY]) {
      expect(phase(stepAt('scheduled', t(at))), String(at)).toBe(activityPhaseAt(creation, t(at)));
    }
  });

  it('offers a draft’s and a scheduled activity’s every field, a running one’s content, cover and end, none once ended', () => {
    const each = inEach();
    const all = ['title', 'cover', 'content', 'startsAt', 'endsAt', 'cities', 'projects'];
    expect([...activityEditableFields(each.draft)]).toEqual(all);
    expect([...activityEditableFields(each.scheduled)]).toEqual(all);
    expect([...activityEditableFields(each.running)]).toEqual(['content', 'cover', 'endsAt']);
    expect([...activityEditableFields(each.ended)]).toEqual([]);
  });
});

describe('activity roles (the policy table) and rules, as the console asks', () => {
  const types = activityLifecycle.commandTypes;

  it('the policy table: staff do everything; the apps nothing; nobody asks to follow a rename', () => {
    for (const type of [...types, 'activity.read', 'activity.create'])
      expect(POLICY[type as keyof typeof POLICY], type).toEqual(
        type.startsWith('activity.follow') ? [] : ['admin', 'user'],
      );
  });

  it('every role, every command, every phase: the table first, then the rules', () => {
    for (const [p, s] of Object.entries(inEach())) {
      for (const type of types) {
        for (const role of ROLES) {
          const verdict = allowed(activityLifecycle, s, type, role);
          if (role === 'system' || type.startsWith('activity.follow'))
            expect(verdict, `${p} ${type}`).toEqual({ ok: false, reasonKey: policyReason(type) });
          else expect(verdict, `${p} ${type} ${role}`).toEqual(allowed(activityLifecycle, s, type));
        }
      }
    }
    // What a button asks in each phase, without the policy.
    const offered = (s: ActivitySnapshot) => types.filter((type) => allowed(activityLifecycle, s, type).ok);
    const each = inEach();
    expect(offered(each.draft)).toEqual(['activity.edit', 'activity.publish', 'activity.close']);
    expect(offered(each.scheduled)).toEqual(['activity.edit', 'activity.withdraw', 'activity.close']);
    expect(offered(each.running)).toEqual(['activity.edit', 'activity.end', 'activity.close']);
    expect(offered(each.ended)).toEqual(['activity.close']);
  });
});

describe('activity replay', () => {
  /** Decides each command at NOW and keeps the facts, as the server stores them. */
  const record = (from: ActivityBody, ...cs: ActivityCommand[]): Fact[] => {
    let s = atNow.start(from) as ActivitySnapshot;
    const log: Fact[] = [{ type: ACTIVITY_CREATED, data: from as unknown as Record<string, unknown> }];
    for (const c of cs) {
      const d = decide(activityLifecycle, s, c);
      if (!d.accepted) throw new Error(`${c.type} refused: ${d.message}`);
      log.push(...d.facts);
      s = d.snapshot as ActivitySnapshot;
    }
    return log;
  };
  const comparable = (s: AnyMachineSnapshot) => ({ value: s.value, context: s.context });
  const at = (s: AnyMachineSnapshot, now = NOW) => comparable(activityAt(s as ActivitySnapshot, now));

  it('replays an activity to the live state, at any time it is read', () => {
    const cs = [
      plain('activity.publish'),
      edit({ startsAt: t(-HOUR), title: 'Started' }),
      edit({ endsAt: t(2 * DAY) }),
      plain('activity.close'),
      plain('activity.end'),
    ];
    const live = after(start(), ...cs);
    const replayed = replay(activityLifecycle, record(creation, ...cs));
    expect(at(replayed)).toEqual(at(live));
    expect(phase(activityAt(replayed as ActivitySnapshot, NOW))).toBe('ended');
    // Ended early is a stored end: later, it is still ended; before that time it was running.
    expect(phase(activityAt(replayed as ActivitySnapshot, t(DAY)))).toBe('ended');
    expect(phase(activityAt(replayed as ActivitySnapshot, t(-1)))).toBe('running');
  });

  it('replays an activity recorded under today’s rules after they were tightened: evolve never refuses', () => {
    // Tightened: a running activity may no longer change its end, and nothing may be published on a Thursday (NOW is one) ...
    const tightened = defineLifecycle({
      ...activityLifecycle,
      machine: activityMachine.provide({
        guards: {
          changesOnlyRunningFields: ({ event }) =>
            event.type === 'ActivityEdited' &&
            Object.keys(event.data.changes).every((f) => f === 'content' || f === 'cover'),
          endAhead: ({ context }) => new Date(context.now).getUTCDay() !== 4 && context.endsAt > context.now,
        },
      }),
    });
    const log = record(
      creation,
      edit({ startsAt: t(-HOUR) }),
      plain('activity.publish'),
      edit({ endsAt: t(DAY) }),
    );
    const draft = activityAt(tightened.start(creation) as ActivitySnapshot, NOW);
    expect(decide(tightened, draft, plain('activity.publish')).accepted).toBe(false);
    const running = activityAt(replay(activityLifecycle, log.slice(0, 3)) as ActivitySnapshot, NOW);
    expect(decide(tightened, running, edit({ endsAt: t(DAY) })).accepted).toBe(false);
    // ... yet the stream stored under the old ones replays to the same activity.
    expect(at(replay(tightened, log))).toEqual(at(replay(activityLifecycle, log)));
    expect(replay(tightened, log).context.endsAt).toBe(t(DAY));
  });

  it('a log the machine cannot read throws rather than guessing', () => {
    expect(() => evolve(activityLifecycle, start(), { type: 'ActivityWithdrawn', data: {} })).toThrow(
      UnreadableFact,
    );
    expect(() => replay(activityLifecycle, [{ type: 'ActivityPublished', data: {} }])).toThrow(
      /must start with ActivityCreated/,
    );
  });
});

/** The phase before the facts of each step (the invariants are called after every step, in order). */
const track = { length: 0, phase: 'draft' as ActivityPhase };
const reached = { startMovedPast: false, runningEdited: false, endedEarly: false, withdrawn: false };

function invariants(snapshot: AnyMachineSnapshot, log: readonly Fact[]) {
  const s = snapshot as ActivitySnapshot;
  const c = s.context;
  if (log.length === 0) Object.assign(track, { length: 0, phase: 'draft' });
  // The clock is the reader's, never a fact's.
  expect(c.now).toBe(NOW);
  // Every activity, even a draft, is a valid one.
  expect(isValidActivityBody(c)).toBe(true);
  // Published is what the last publish or withdrawal says; its phase is where the clock is in its window.
  const last = log.filter((f) => f.type === 'ActivityPublished' || f.type === 'ActivityWithdrawn').at(-1);
  const published = last?.type === 'ActivityPublished';
  expect(activityStatusOf(s).is_published).toBe(published);
  expect(phase(s)).toBe(published ? activityPhaseAt(c, NOW) : 'draft');
  // Enabled is what the last enable or close says.
  const toggle = log.filter((f) => f.type === 'ActivityEnabled' || f.type === 'ActivityClosed').at(-1);
  expect(activityStatusOf(s).is_enabled).toBe(toggle?.type !== 'ActivityClosed');
  // A published activity that has not ended keeps its end ahead.
  if (published && phase(s) !== 'ended') expect(Date.parse(c.endsAt)).toBeGreaterThan(Date.parse(NOW));
  // What the step before allowed: a running activity changed only its content, cover and end; an ended one nothing.
  for (const fact of log.slice(track.length)) {
    if (fact.type === 'ActivityEdited') {
      const fields = Object.keys((fact.data as { changes: object }).changes);
      if (track.phase === 'running') {
        expect(fields.every((f) => (RUNNING_EDITABLE as string[]).includes(f))).toBe(true);
        reached.runningEdited = true;
      }
      if (track.phase === 'scheduled' && phase(s) === 'running') reached.startMovedPast = true;
      expect(track.phase).not.toBe('ended');
    }
    if (fact.type === 'ActivityEndedEarly') {
      expect(track.phase).toBe('running');
      expect(fact.data).toEqual({ endsAt: NOW });
      reached.endedEarly = true;
    }
    if (fact.type === 'ActivityWithdrawn') {
      expect(track.phase).toBe('scheduled');
      reached.withdrawn = true;
    }
  }
  Object.assign(track, { length: log.length, phase: phase(s) });
}

describe('an activity written a day ahead', () => {
  describeLifecycleProperties({
    lifecycle: atNow,
    creation,
    commands,
    invariants,
    seen: {
      scheduled: (s) => phase(s as ActivitySnapshot) === 'scheduled',
      running: (s) => phase(s as ActivitySnapshot) === 'running',
      ended: (s) => phase(s as ActivitySnapshot) === 'ended',
      closedDraft: (s) =>
        phase(s as ActivitySnapshot) === 'draft' && !activityStatusOf(s as ActivitySnapshot).is_enabled,
    },
  });

  it('the random sequences moved a start past, edited a running activity, ended one early and withdrew one', () => {
    expect(reached).toEqual({ startMovedPast: true, runningEdited: true, endedEarly: true, withdrawn: true });
  });
});
