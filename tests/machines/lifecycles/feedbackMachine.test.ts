import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { POLICY, ROLES, policyReason } from '../../../src/contract/policy';
import {
  FEEDBACK_REASON_TEXT,
  FEEDBACK_SUBMITTED,
  feedbackLifecycle,
  feedbackSnapshot,
  feedbackStateOf,
  type FeedbackCommand,
  type FeedbackSnapshot,
  type FeedbackState,
} from '../../../src/machines/lifecycles/feedbackLifecycle';
import {
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_NOTE_LENGTH,
  MAX_FEEDBACK_IMAGES,
  feedbackMachine,
  isValidFeedbackImages,
  isValidFeedbackMessage,
  isValidFeedbackNote,
  type FeedbackSubmission,
} from '../../../src/machines/lifecycles/feedbackMachine';
import {
  UnreadableFact,
  allowed,
  decide,
  defineLifecycle,
  evolve,
  replay,
  start as startOf,
  type Command,
  type Fact,
} from '../../../src/machines/lifecycles/lifecycle';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

/** A customer's complaint about an order (its supplier named by the order), as the server stores it. */
const creation: FeedbackSubmission = {
  kind: 'complaint',
  content: 'The cleaner arrived forty minutes late.',
  images: ['/uploads/late-1.jpg'],
  contact: '139 0000 0001',
  from: { kind: 'customer', id: 9, name: 'Li Na' },
  order: { id: 7, orderNo: 'SO7' },
  supplier: { id: 3, name: 'Wang Care' },
};
/** A supplier's question about nothing in particular. */
const question: FeedbackSubmission = {
  kind: 'other',
  content: 'When is the payout for last month sent?',
  images: [],
  contact: '',
  from: { kind: 'supplier', id: 3, name: 'Wang Care' },
  order: null,
  supplier: null,
};

const MAX = MAX_FEEDBACK_MESSAGE_LENGTH;
const MAX_NOTE = MAX_FEEDBACK_NOTE_LENGTH;

const reply = (message: unknown = 'We are sorry; we spoke to the supplier.') =>
  ({ type: 'feedback.reply', message }) as FeedbackCommand;
const resolve = (note?: unknown) =>
  (note === undefined ? { type: 'feedback.resolve' } : { type: 'feedback.resolve', note }) as FeedbackCommand;
const addMessage = (message: unknown = 'Any news?') =>
  ({ type: 'feedback.addMessage', message }) as FeedbackCommand;

// Valid and invalid commands alike, for the path walk and the random sequences.
const commands = (): Command[] => [
  reply(),
  reply(' Thanks, fixed in 3.2. '),
  reply('   '),
  reply('x'.repeat(MAX + 1)),
  resolve(),
  resolve(' Evening slots from March. '),
  resolve('  '),
  resolve('x'.repeat(MAX_NOTE + 1)),
  addMessage(),
  addMessage(' Still no slots. '),
  addMessage(''),
  addMessage('x'.repeat(MAX + 1)),
];

describeMachinePaths(feedbackMachine, {
  events: walkFacts(feedbackLifecycle, commands),
  // The message count grows without bound: the state and whether a note is kept are the vertices worth telling
  // apart.
  serializeState: (s) => JSON.stringify([s.value, s.context.resolutionNote !== null]),
});

const start = (from: FeedbackSubmission = creation) => startOf(feedbackLifecycle, from) as FeedbackSnapshot;
const given = (...cs: FeedbackCommand[]) => givenIn(feedbackLifecycle, creation, ...cs) as FeedbackSnapshot;
const stateOf = (s: FeedbackSnapshot) => feedbackStateOf(s);
const refusal = (s: FeedbackSnapshot, c: FeedbackCommand) => {
  const d = decide(feedbackLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('feedback.reason.', '');
};
const after = (s: FeedbackSnapshot, c: FeedbackCommand) => {
  const d = decide(feedbackLifecycle, s, c);
  if (!d.accepted) throw new Error(`${c.type} refused: ${d.message}`);
  return d.snapshot as FeedbackSnapshot;
};
const factsOf = (s: FeedbackSnapshot, c: FeedbackCommand) => {
  const d = decide(feedbackLifecycle, s, c);
  return d.accepted ? d.facts : d.reasonKey;
};

/** One snapshot in each state, as reached by commands. */
const inEach = (): Record<FeedbackState, FeedbackSnapshot> => ({
  pending: start(),
  replied: given(reply()),
  resolved: given(reply(), resolve('Done.')),
});

describe('feedback rules', () => {
  it('starts pending with the sender’s first message counted and no note, keeping what was sent', () => {
    const s = start();
    expect(stateOf(s)).toBe('pending');
    expect(s.context).toEqual({ ...creation, messageCount: 1, resolutionNote: null });
    expect(start(question).context).toMatchObject({ from: question.from, order: null, supplier: null });
  });

  it('staff reply to pending and replied feedback, stored trimmed; a reply counts as a message', () => {
    expect(factsOf(start(), reply('  We will look into it. '))).toEqual([
      { type: 'FeedbackReplied', data: { message: 'We will look into it.' } },
    ]);
    const replied = given(reply());
    expect(stateOf(replied)).toBe('replied');
    expect(replied.context.messageCount).toBe(2);
    const again = after(replied, reply('One more thing.'));
    expect(stateOf(again)).toBe('replied');
    expect(again.context.messageCount).toBe(3);
  });

  it('the sender writes again in any state: pending stays pending, replied and resolved go back to pending', () => {
    expect(factsOf(start(), addMessage(' Any news? '))).toEqual([
      { type: 'FeedbackMessageAdded', data: { message: 'Any news?' } },
    ]);
    for (const [state, s] of Object.entries(inEach())) {
      const next = after(s, addMessage());
      expect(stateOf(next), state).toBe('pending');
      expect(next.context.messageCount, state).toBe(s.context.messageCount + 1);
    }
  });

  it('a message (reply or the sender’s) has 1 to the maximum characters once trimmed', () => {
    const longest = 'x'.repeat(MAX);
    for (const make of [reply, addMessage]) {
      const type = make().type;
      for (const s of [start(), given(reply())]) {
        expect(refusal(s, make(longest)), type).toBe('accepted');
        expect(refusal(s, make(`  ${longest}\n`)), type).toBe('accepted');
        expect(refusal(s, make(`${longest}x`)), type).toBe('messageRequired');
        expect(refusal(s, make(` ${longest}x `)), type).toBe('messageRequired');
        for (const blank of ['', ' ', '   ', '\n\t '])
          expect(refusal(s, make(blank)), `${type} ${JSON.stringify(blank)}`).toBe('messageRequired');
        expect(refusal(s, make('a')), type).toBe('accepted');
        // Not text at all, or no message.
        for (const odd of [null, 42, ['hi'], { text: 'hi' }])
          expect(refusal(s, make(odd)), `${type} ${JSON.stringify(odd)}`).toBe('messageRequired');
        expect(refusal(s, { type } as FeedbackCommand), type).toBe('messageRequired');
      }
      const d = decide(feedbackLifecycle, start(), make(` ${longest} `));
      expect(d.accepted && d.facts[0]?.data).toEqual({ message: longest });
    }
    // The resolved state answers "resolved" before it looks at a reply's text; the sender's message reopens.
    const resolved = given(resolve());
    expect(refusal(resolved, addMessage(longest))).toBe('accepted');
    expect(refusal(resolved, addMessage(`${longest}x`))).toBe('messageRequired');
    expect(refusal(resolved, addMessage('  '))).toBe('messageRequired');
  });

  it('judges a text as typed (the console asks before sending): trimmed, 1 to the maximum; a note at most its own', () => {
    const longest = 'x'.repeat(MAX);
    expect(isValidFeedbackMessage(longest)).toBe(true);
    expect(isValidFeedbackMessage(`  ${longest} \n`)).toBe(true);
    expect(isValidFeedbackMessage(`${longest}x`)).toBe(false);
    for (const bad of ['', '  ', '\t', null, undefined, 3]) expect(isValidFeedbackMessage(bad)).toBe(false);
    const note = 'n'.repeat(MAX_NOTE);
    for (const ok of [null, undefined, '', '  ', note, ` ${note}  `])
      expect(isValidFeedbackNote(ok), JSON.stringify(ok)?.slice(0, 20)).toBe(true);
    for (const bad of [`${note}n`, 5, {}]) expect(isValidFeedbackNote(bad)).toBe(false);
  });

  it('explains a refused message in English with the limit, naming the field (not the state) it is about', () => {
    expect(decide(feedbackLifecycle, start(), reply('  '))).toMatchObject({
      accepted: false,
      reason: 'messageRequired',
      reasonKey: 'feedback.reason.messageRequired',
      field: 'message',
      message: `Cannot reply to this feedback: a message of 1 to ${MAX} characters is required.`,
    });
  });

  it('staff resolve pending and replied feedback, with an optional note of at most the maximum, stored trimmed', () => {
    for (const s of [start(), given(reply())]) {
      expect(factsOf(s, resolve('  Evening slots from March. '))).toEqual([
        { type: 'FeedbackResolved', data: { note: 'Evening slots from March.' } },
      ]);
      for (const none of [undefined, null, '', '   '])
        expect(factsOf(s, resolve(none)), JSON.stringify(none)).toEqual([
          { type: 'FeedbackResolved', data: { note: null } },
        ]);
      const resolved = after(s, resolve(' Done. '));
      expect(stateOf(resolved)).toBe('resolved');
      expect(resolved.context.resolutionNote).toBe('Done.');
      // The resolution is not a message.
      expect(resolved.context.messageCount).toBe(s.context.messageCount);
      expect(after(s, resolve()).context.resolutionNote).toBeNull();

      const longest = 'n'.repeat(MAX_NOTE);
      expect(refusal(s, resolve(longest))).toBe('accepted');
      expect(after(s, resolve(` ${longest} `)).context.resolutionNote).toBe(longest);
      expect(refusal(s, resolve(`${longest}n`))).toBe('noteTooLong');
      expect(refusal(s, resolve(` ${longest}n `))).toBe('noteTooLong');
    }
  });

  it('refuses a reply or a resolution of resolved feedback, whatever its text: the sender reopens it', () => {
    const resolved = given(reply(), resolve('Done.'));
    for (const c of [
      reply(),
      reply('  '),
      reply('x'.repeat(MAX + 1)),
      resolve(),
      resolve('Again'),
      resolve('x'.repeat(MAX_NOTE + 1)),
    ])
      expect(refusal(resolved, c), JSON.stringify(c).slice(0, 60)).toBe('resolved');
    expect(decide(feedbackLifecycle, resolved, reply())).toMatchObject({
      accepted: false,
      message: `Cannot reply to this feedback while it is resolved: ${FEEDBACK_REASON_TEXT.resolved}.`,
    });
    expect(refusal(resolved, addMessage())).toBe('accepted');
  });

  it('a new message reopens resolved feedback and clears its note; a later resolution keeps its own', () => {
    const resolved = given(reply(), resolve('App 3.2 fixes it.'));
    const reopened = after(resolved, addMessage('It still shows 0.'));
    expect(stateOf(reopened)).toBe('pending');
    expect(reopened.context.resolutionNote).toBeNull();
    expect(reopened.context.messageCount).toBe(3);
    expect(refusal(reopened, reply())).toBe('accepted');
    const again = after(after(reopened, reply('Please update.')), resolve('Updated.'));
    expect(again.context).toMatchObject({ resolutionNote: 'Updated.', messageCount: 4 });
    expect(after(after(again, addMessage()), resolve()).context.resolutionNote).toBeNull();
  });

  it('counts the messages of the conversation, the first included, never the resolutions', () => {
    const s = given(
      reply(),
      addMessage(),
      addMessage(),
      resolve('a'),
      addMessage(),
      resolve(),
      addMessage(),
      reply(),
    );
    expect(s.context.messageCount).toBe(1 + 2 + 4);
    expect(stateOf(s)).toBe('replied');
  });

  it('a snapshot made from a projection row decides like the live one', () => {
    const live = given(reply(), resolve('Done.'));
    const row = feedbackSnapshot('resolved', { ...creation, messageCount: 2, resolutionNote: 'Done.' });
    expect({ value: row.value, context: row.context }).toEqual({ value: live.value, context: live.context });
    expect(refusal(row, reply())).toBe('resolved');
    expect(after(row, addMessage()).context.resolutionNote).toBeNull();
  });
});

describe('the images sent with feedback', () => {
  it('are a list of at most the maximum, each an uploaded file or a web address', () => {
    const upload = (i: number) => `/uploads/feedback/${i}.jpg`;
    expect(isValidFeedbackImages([])).toBe(true);
    expect(isValidFeedbackImages(['/uploads/late-1.jpg', 'https://cdn.example.com/a.png'])).toBe(true);
    const most = Array.from({ length: MAX_FEEDBACK_IMAGES }, (_, i) => upload(i));
    expect(isValidFeedbackImages(most)).toBe(true);
    expect(isValidFeedbackImages([...most, upload(MAX_FEEDBACK_IMAGES)])).toBe(false);
  });

  it('refuses anything else: not a list, an entry that is not text, or not a file the console can load', () => {
    for (const bad of [null, undefined, '/uploads/a.jpg', { 0: '/uploads/a.jpg', length: 1 }])
      expect(isValidFeedbackImages(bad), JSON.stringify(bad)).toBe(false);
    // A list inside the list reads as its one address when made text: it is still not an address.
    for (const entry of [
      42,
      null,
      ['/uploads/b.jpg'],
      '',
      'late.jpg',
      '/uploads/../secret.jpg',
      'javascript:alert(1)',
    ])
      expect(isValidFeedbackImages(['/uploads/a.jpg', entry]), JSON.stringify(entry)).toBe(false);
  });
});

describe('feedback roles (the policy table) and rules, as the console asks', () => {
  const STAFF_COMMANDS = ['feedback.reply', 'feedback.resolve'] as const;

  it('the policy table: staff reply and resolve, only the apps write as the sender and send feedback', () => {
    expect([...POLICY['feedback.reply']].sort()).toEqual(['admin', 'user']);
    expect([...POLICY['feedback.resolve']].sort()).toEqual(['admin', 'user']);
    expect([...POLICY['feedback.addMessage']]).toEqual(['system']);
    expect([...POLICY['feedback.create']]).toEqual(['system']);
    expect([...POLICY['feedback.read']].sort()).toEqual(['admin', 'system', 'user']);
  });

  it('every role, every command, every state: the table first, then the rules', () => {
    for (const [state, s] of Object.entries(inEach())) {
      for (const role of ROLES) {
        for (const type of feedbackLifecycle.commandTypes) {
          const listed = (POLICY[type] as readonly string[]).includes(role);
          const expected = !listed
            ? { ok: false, reasonKey: policyReason(type) }
            : state === 'resolved' && type !== 'feedback.addMessage'
              ? { ok: false, reasonKey: 'feedback.reason.resolved' }
              : { ok: true };
          expect(allowed(feedbackLifecycle, s, type, role), `${type} by ${role} when ${state}`).toEqual(
            expected,
          );
        }
      }
    }
  });

  it('staff may not write as the sender; the apps may not answer for staff', () => {
    for (const role of ['admin', 'user'])
      expect(allowed(feedbackLifecycle, start(), 'feedback.addMessage', role), role).toEqual({
        ok: false,
        reasonKey: 'policy.appsOnly',
      });
    for (const type of STAFF_COMMANDS) {
      expect(allowed(feedbackLifecycle, start(), type, 'system'), type).toEqual({
        ok: false,
        reasonKey: 'policy.adminOnly',
      });
      expect(allowed(feedbackLifecycle, start(), type, 'user'), type).toEqual({ ok: true });
    }
    // The role is asked before the state: a resolved one is still not the apps' to answer.
    expect(allowed(feedbackLifecycle, given(resolve()), 'feedback.reply', 'system')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
  });

  it('without a role, the rules alone answer', () => {
    expect(allowed(feedbackLifecycle, given(resolve()), 'feedback.resolve')).toEqual({
      ok: false,
      reasonKey: 'feedback.reason.resolved',
    });
    expect(allowed(feedbackLifecycle, given(resolve()), 'feedback.addMessage')).toEqual({ ok: true });
  });
});

describe('feedback replay', () => {
  /** The lifecycle after its rules were tightened: messages of at most 5 characters, and no notes at all. */
  const tightened = defineLifecycle({
    ...feedbackLifecycle,
    machine: feedbackMachine.provide({
      guards: {
        hasMessage: ({ event }) =>
          (event.type === 'FeedbackReplied' || event.type === 'FeedbackMessageAdded') &&
          typeof event.data.message === 'string' &&
          event.data.message.trim().length > 0 &&
          event.data.message.trim().length <= 5,
        validNote: ({ event }) => event.type === 'FeedbackResolved' && event.data.note === null,
      },
    }),
  });

  /** Decides each command under today's rules and keeps the facts, as the server stores them. */
  const record = (from: FeedbackSubmission, ...cs: FeedbackCommand[]): Fact[] => {
    let s = startOf(feedbackLifecycle, from) as FeedbackSnapshot;
    const log: Fact[] = [{ type: FEEDBACK_SUBMITTED, data: from as unknown as Record<string, unknown> }];
    for (const c of cs) {
      const d = decide(feedbackLifecycle, s, c);
      if (!d.accepted) throw new Error(`${c.type} refused: ${d.message}`);
      log.push(...d.facts);
      s = d.snapshot as FeedbackSnapshot;
    }
    return log;
  };
  const comparable = (s: AnyMachineSnapshot) => ({ value: s.value, context: s.context });

  it('replays a conversation to the live state', () => {
    const cs = [reply(), addMessage(), resolve('Done.'), addMessage('Not done.'), reply('Sorry.')];
    expect(comparable(replay(feedbackLifecycle, record(creation, ...cs)))).toEqual(comparable(given(...cs)));
  });

  it('replays a conversation recorded under today’s rules after the rules were tightened: evolve never refuses', () => {
    const log = record(
      creation,
      reply('A reply well over five characters'),
      addMessage('A message well over five characters'),
      resolve('A note'),
      addMessage('Reopening it'),
      resolve(),
    );
    // Today's rules would no longer take those commands ...
    const s = startOf(tightened, creation) as FeedbackSnapshot;
    expect(decide(tightened, s, reply('A reply well over five characters')).accepted).toBe(false);
    expect(decide(tightened, s, resolve('A note')).accepted).toBe(false);
    expect(decide(tightened, s, reply('Short')).accepted).toBe(true);
    // ... yet the stream stored under the old ones replays to the same feedback.
    const loose = replay(feedbackLifecycle, log) as FeedbackSnapshot;
    const strict = replay(tightened, log) as FeedbackSnapshot;
    expect(comparable(strict)).toEqual(comparable(loose));
    expect(stateOf(strict)).toBe('resolved');
    expect(strict.context).toMatchObject({ messageCount: 4, resolutionNote: null });
    // One fact at a time too, with a note the tightened rules refuse.
    const noted = evolve(tightened, startOf(tightened, creation), {
      type: 'FeedbackResolved',
      data: { note: 'Kept' },
    }) as FeedbackSnapshot;
    expect(noted.context.resolutionNote).toBe('Kept');
  });

  it('reads a note stored untrimmed or blank (by an older version) trimmed, or as none', () => {
    const s = given(reply());
    const noteAfter = (note: string | null) =>
      (evolve(feedbackLifecycle, s, { type: 'FeedbackResolved', data: { note } }) as FeedbackSnapshot).context
        .resolutionNote;
    expect(noteAfter('  Done. ')).toBe('Done.');
    expect(noteAfter('   ')).toBeNull();
    expect(noteAfter(null)).toBeNull();
  });

  it('a log the machine cannot read throws rather than guessing', () => {
    const resolved = given(resolve());
    expect(() =>
      evolve(feedbackLifecycle, resolved, { type: 'FeedbackReplied', data: { message: 'Late' } }),
    ).toThrow(UnreadableFact);
    expect(() =>
      replay(feedbackLifecycle, [{ type: 'FeedbackReplied', data: { message: 'No start' } }]),
    ).toThrow(/must start with FeedbackSubmitted/);
  });
});

/** The state the log says: the last message or resolution decides (a fresh feedback waits for an answer). */
const stateOfLog = (log: readonly Fact[]): FeedbackState =>
  log.reduce<FeedbackState>(
    (state, f) =>
      f.type === 'FeedbackReplied'
        ? 'replied'
        : f.type === 'FeedbackMessageAdded'
          ? 'pending'
          : f.type === 'FeedbackResolved'
            ? 'resolved'
            : state,
    'pending',
  );

/** Whether some random sequence reopened resolved feedback (checked once the sequences ran). */
const reached = { reopened: false, resolvedAfterReopening: false };

const invariantsFor = (from: FeedbackSubmission) => (snapshot: AnyMachineSnapshot, log: readonly Fact[]) => {
  const s = snapshot as FeedbackSnapshot;
  const c = s.context;
  const state = stateOf(s);
  const messages = log.filter((f) => f.type === 'FeedbackReplied' || f.type === 'FeedbackMessageAdded');
  const resolutions = log.filter((f) => f.type === 'FeedbackResolved');
  // The message count is the conversation's messages, the first included; resolutions are not messages.
  expect(c.messageCount).toBe(1 + messages.length);
  // The state is what the last message or resolution says.
  expect(state).toBe(stateOfLog(log));
  // Every stored message is valid and trimmed.
  for (const f of messages) {
    const message = (f.data as { message: unknown }).message;
    expect(isValidFeedbackMessage(message)).toBe(true);
    expect(message).toBe((message as string).trim());
  }
  // Staff never answer or resolve resolved feedback: only the sender's message follows a resolution.
  log.forEach((f, i) => {
    if (i > 0 && log[i - 1]!.type === 'FeedbackResolved') expect(f.type).toBe('FeedbackMessageAdded');
  });
  // The note is the last resolution's while resolved, and gone once the sender reopens it.
  if (state === 'resolved') {
    expect(c.resolutionNote).toBe((resolutions.at(-1)!.data as { note: string | null }).note);
  } else {
    expect(c.resolutionNote).toBeNull();
  }
  expect(isValidFeedbackNote(c.resolutionNote)).toBe(true);
  if (c.resolutionNote !== null) {
    expect(c.resolutionNote.trim()).toBe(c.resolutionNote);
    expect(c.resolutionNote.length).toBeGreaterThan(0);
  }
  // What the sender sent never changes.
  const { messageCount: _count, resolutionNote: _note, ...submission } = c;
  expect(submission).toEqual(from);

  const last = log.length - 1;
  if (last > 0 && log[last]!.type === 'FeedbackMessageAdded' && log[last - 1]!.type === 'FeedbackResolved')
    reached.reopened = true;
  if (state === 'resolved' && log.some((_, i) => i > 0 && log[i - 1]!.type === 'FeedbackResolved'))
    reached.resolvedAfterReopening = true;
};

describe('a customer’s complaint about an order', () => {
  describeLifecycleProperties({
    lifecycle: feedbackLifecycle,
    creation,
    commands,
    invariants: invariantsFor(creation),
    seen: {
      replied: (s) => stateOf(s as FeedbackSnapshot) === 'replied',
      resolvedWithNote: (s) =>
        stateOf(s as FeedbackSnapshot) === 'resolved' &&
        (s as FeedbackSnapshot).context.resolutionNote !== null,
      resolvedWithoutNote: (s) =>
        stateOf(s as FeedbackSnapshot) === 'resolved' &&
        (s as FeedbackSnapshot).context.resolutionNote === null,
      longConversation: (s) => (s as FeedbackSnapshot).context.messageCount > 8,
    },
  });

  it('the random sequences reopened resolved feedback and resolved it again', () => {
    expect(reached).toEqual({ reopened: true, resolvedAfterReopening: true });
  });
});

describe('a supplier’s question about nothing in particular', () => {
  describeLifecycleProperties({
    lifecycle: feedbackLifecycle,
    creation: question,
    commands,
    invariants: invariantsFor(question),
    seen: { resolved: (s) => stateOf(s as FeedbackSnapshot) === 'resolved' },
    runs: 150,
    maxSteps: 20,
  });
});
