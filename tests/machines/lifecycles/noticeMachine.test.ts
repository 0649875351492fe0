import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  allowed,
  decide,
  defineLifecycle,
  evolve,
  replay,
  start as startOf,
  type Command,
  type Fact,
} from '../../../src/machines/lifecycles/lifecycle';
import {
  NOTICE_WRITTEN,
  noticeLifecycle,
  noticeSnapshot,
  noticeStatusOf,
  type NoticeCommand,
  type NoticeCreation,
  type NoticeSnapshot,
} from '../../../src/machines/lifecycles/noticeLifecycle';
import {
  MAX_NOTICE_REASON_LENGTH,
  MAX_NOTICE_TITLE_LENGTH,
  isInAudience,
  isSingleAudience,
  isStaffNoticeType,
  isValidNoticeBody,
  isValidNoticeReason,
  noticeMachine,
  type NoticeReader,
  type NoticeType,
} from '../../../src/machines/lifecycles/noticeMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const wang = { id: 7, name: 'Wang Care' };
const li = { id: 9, name: 'Li Na' };
const creation: NoticeCreation = {
  noticeType: 'help',
  title: 'How to top up',
  content: '<p>Open the wallet and choose an amount.</p>',
  audience: 'everyone',
  recipient: null,
  noticeTime: '2026-11-25T09:00:00.000Z',
};
/** What the system writes when an order is assigned to Wang Care. */
const orderNotice: NoticeCreation = {
  noticeType: 'new_order',
  title: 'New order SO7',
  content: '<p>You have a new order.</p>',
  audience: 'supplier',
  recipient: wang,
  noticeTime: '2026-11-25T09:00:00.000Z',
  ref: { kind: 'order', id: 7, orderNo: 'SO7' },
};

const supplier = (id: number): NoticeReader => ({ kind: 'supplier', id });
const customer = (id: number): NoticeReader => ({ kind: 'customer', id });

const approve = { type: 'notice.approve' } as const;
const reject = (reason = 'Too vague') => ({ type: 'notice.reject', reason }) as const;
const edit = (changes: Record<string, unknown>) => ({ type: 'notice.edit', changes }) as NoticeCommand;
const enable = { type: 'notice.enable' } as const;
const close = { type: 'notice.close' } as const;
const read = (reader: NoticeReader) => ({ type: 'notice.markRead', reader }) as const;

// Valid and invalid commands alike; the edit of title and content together also makes a valid notice of the
// machine's own initial context (empty title and content), where the path walk starts.
const commands = (snapshot: AnyMachineSnapshot): Command[] => {
  const c = (snapshot as NoticeSnapshot).context;
  return [
    approve,
    reject(' Too vague '),
    reject('   '),
    reject('x'.repeat(MAX_NOTICE_REASON_LENGTH + 1)),
    edit({
      title: c.title === 'First' ? 'Second' : 'First',
      content: c.content === '<p>One</p>' ? '<p>Two</p>' : '<p>One</p>',
    }),
    edit({ title: c.title }),
    edit({ title: '  ' }),
    // Not the body: never a change.
    edit({ type: 'new_order', readCount: 3, auditFailedReason: null }),
    edit({ recipient: undefined }),
    edit({ content: '<p> </p>' }),
    edit({ audience: 'supplier', recipient: wang }),
    edit({ audience: 'customer', recipient: li }),
    edit({ audience: 'everyone', recipient: null }),
    edit({ audience: 'suppliers', recipient: null }),
    // Invalid with a recipient set, and without one.
    edit({ audience: 'customers' }),
    edit({ audience: 'supplier' }),
    enable,
    close,
    read(supplier(7)),
    read(supplier(8)),
    read(customer(9)),
  ];
};

describeMachinePaths(noticeMachine, {
  events: walkFacts(noticeLifecycle, commands),
  // A broadcast is read again and again: unread and read are the vertices worth telling apart.
  serializeState: (s) => JSON.stringify([s.value, s.context.readCount > 0]),
});

const start = (over: Partial<NoticeCreation> = {}) =>
  startOf(noticeLifecycle, { ...creation, ...over }) as NoticeSnapshot;
const given = (...cs: NoticeCommand[]) => givenIn(noticeLifecycle, creation, ...cs) as NoticeSnapshot;
const givenFrom = (over: Partial<NoticeCreation>, ...cs: NoticeCommand[]) =>
  givenIn(noticeLifecycle, { ...creation, ...over }, ...cs) as NoticeSnapshot;
const refusal = (s: NoticeSnapshot, c: NoticeCommand) => {
  const d = decide(noticeLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('notice.reason.', '');
};
const after = (s: NoticeSnapshot, c: NoticeCommand) => {
  const d = decide(noticeLifecycle, s, c);
  if (!d.accepted) throw new Error(`${c.type} refused: ${d.message}`);
  return d.snapshot as NoticeSnapshot;
};
/** The notice as the server decides a read: with whether this reader has read it before, from the log. */
const fed = (s: NoticeSnapshot, readerHasRead: boolean) =>
  noticeMachine.resolveState({ value: s.value, context: { ...s.context, readerHasRead } }) as NoticeSnapshot;

describe('notice rules', () => {
  it('a staff notice starts waiting for audit, enabled and unread; one the system writes starts passed', () => {
    for (const noticeType of ['system', 'help'] as const) {
      const s = start({ noticeType });
      expect(noticeStatusOf(s), noticeType).toEqual({ audit_state: 'waiting_audit', is_enabled: true });
      expect(s.context).toMatchObject({ type: noticeType, readCount: 0, auditFailedReason: null, ref: null });
    }
    for (const noticeType of ['new_order', 'renew_order'] as const) {
      const s = start({ ...orderNotice, noticeType });
      expect(noticeStatusOf(s), noticeType).toEqual({ audit_state: 'pass', is_enabled: true });
      expect(s.context).toMatchObject({
        type: noticeType,
        recipient: wang,
        ref: orderNotice.ref,
        readCount: 0,
      });
    }
  });

  it('approves only a notice waiting for audit, enabled or closed', () => {
    const d = decide(noticeLifecycle, start(), approve);
    expect(d.accepted && d.facts).toEqual([{ type: 'NoticeApproved', data: {} }]);
    expect(noticeStatusOf(given(approve)).audit_state).toBe('pass');
    expect(noticeStatusOf(given(close, approve))).toEqual({ audit_state: 'pass', is_enabled: false });
    expect(refusal(given(approve), approve)).toBe('notWaiting');
    expect(refusal(given(reject()), approve)).toBe('notWaiting');
    expect(refusal(start(orderNotice), approve)).toBe('notWaiting');
    expect(decide(noticeLifecycle, given(approve), approve)).toMatchObject({
      accepted: false,
      message:
        'Cannot approve this notice while it is passed, enabled: only a notice waiting for audit is approved or rejected.',
    });
  });

  it('rejects only a notice waiting for audit, with a reason of 1 to the maximum length once trimmed, stored trimmed', () => {
    const d = decide(noticeLifecycle, start(), reject('  Too vague '));
    expect(d.accepted && d.facts).toEqual([{ type: 'NoticeRejected', data: {}, reason: 'Too vague' }]);
    const rejected = given(reject('  Too vague '));
    expect(noticeStatusOf(rejected).audit_state).toBe('reject');
    expect(rejected.context.auditFailedReason).toBe('Too vague');

    const longest = 'x'.repeat(MAX_NOTICE_REASON_LENGTH);
    expect(refusal(start(), reject(longest))).toBe('accepted');
    expect(refusal(start(), reject(` ${longest}  `))).toBe('accepted');
    expect(given(reject(` ${longest} `)).context.auditFailedReason).toBe(longest);
    expect(refusal(start(), reject(`${longest}x`))).toBe('reasonRequired');
    for (const reason of ['', '   ', '\n\t'])
      expect(refusal(start(), reject(reason)), JSON.stringify(reason)).toBe('reasonRequired');
    expect(refusal(start(), { type: 'notice.reject' } as unknown as NoticeCommand)).toBe('reasonRequired');

    expect(refusal(given(approve), reject())).toBe('notWaiting');
    expect(refusal(given(reject()), reject('again'))).toBe('notWaiting');
    expect(refusal(start(orderNotice), reject())).toBe('notWaiting');
  });

  it('keeps the latest rejection reason until an approval clears it', () => {
    const resubmitted = given(reject('Too vague'), edit({ title: 'How to top up your wallet' }));
    expect(noticeStatusOf(resubmitted).audit_state).toBe('waiting_audit');
    expect(resubmitted.context.auditFailedReason).toBe('Too vague');
    const rejectedAgain = after(resubmitted, reject('Still vague'));
    expect(rejectedAgain.context.auditFailedReason).toBe('Still vague');
    const approved = after(resubmitted, approve);
    expect(approved.context.auditFailedReason).toBeNull();
  });

  it('edits only staff notices: the system writes order notices', () => {
    for (const noticeType of ['new_order', 'renew_order'] as const)
      expect(refusal(start({ ...orderNotice, noticeType }), edit({ title: 'Another' })), noticeType).toBe(
        'automatic',
      );
    // The rule is the machine's guard, not the audit state: an order notice stored waiting (a projection row)
    // is not edited either.
    for (const audit_state of ['waiting_audit', 'reject'] as const) {
      const { ref, noticeType, ...body } = orderNotice;
      const row = noticeSnapshot(
        { audit_state, is_enabled: true },
        { ...body, type: noticeType, ref: ref ?? null, auditFailedReason: null, readCount: 0 },
      );
      expect(refusal(row, edit({ title: 'Another' })), audit_state).toBe('automatic');
    }
    for (const noticeType of ['system', 'help'] as const)
      expect(refusal(start({ noticeType }), edit({ title: 'Another' })), noticeType).toBe('accepted');
  });

  it('does not edit a passed notice, enabled or closed', () => {
    expect(refusal(given(approve), edit({ title: 'Another' }))).toBe('passedNoEdit');
    expect(refusal(given(approve, close), edit({ title: 'Another' }))).toBe('passedNoEdit');
  });

  it('refuses an edit that changes nothing', () => {
    const s = start();
    expect(refusal(s, edit({}))).toBe('noChanges');
    expect(refusal(s, edit({ title: creation.title }))).toBe('noChanges');
    expect(
      refusal(
        s,
        edit({
          title: creation.title,
          content: creation.content,
          audience: creation.audience,
          recipient: null,
          noticeTime: creation.noticeTime,
        }),
      ),
    ).toBe('noChanges');
    expect(refusal(given(reject()), edit({ title: creation.title }))).toBe('noChanges');
  });

  it('edits the body only: not the type, reference, rejection reason or read count, and undefined is no change', () => {
    const others: Array<Record<string, unknown>> = [
      { type: 'new_order' },
      { ref: orderNotice.ref },
      { auditFailedReason: 'Sneaky' },
      { readCount: 5 },
      { readerHasRead: true },
      { title: undefined },
      { recipient: undefined },
    ];
    for (const changes of others)
      expect(refusal(start(), edit(changes)), JSON.stringify(changes)).toBe('noChanges');
    const d = decide(
      noticeLifecycle,
      start(),
      edit({ title: 'Topping up', type: 'new_order', readCount: 5 }),
    );
    expect(d.accepted && d.facts).toEqual([
      {
        type: 'NoticeEdited',
        data: { changes: { title: 'Topping up' }, previous: { title: creation.title } },
      },
    ]);
    expect(d.accepted && (d.snapshot as NoticeSnapshot).context).toMatchObject({
      type: 'help',
      title: 'Topping up',
      readCount: 0,
    });
  });

  it('refuses an edit that leaves an invalid notice, in waiting audit and rejected alike', () => {
    const single = givenFrom({ audience: 'supplier', recipient: wang });
    const cases: Array<[NoticeSnapshot, Record<string, unknown>]> = [
      [start(), { title: '' }],
      [start(), { title: '   ' }],
      [start(), { title: 'x'.repeat(MAX_NOTICE_TITLE_LENGTH + 1) }],
      [start(), { content: '' }],
      [start(), { content: '<p> </p>' }],
      [start(), { content: '<p><br></p>' }],
      [start(), { noticeTime: 'tomorrow' }],
      [start(), { audience: 'supplier' }],
      [start(), { audience: 'customer', recipient: null }],
      [start(), { recipient: wang }],
      [start(), { audience: 'suppliers', recipient: wang }],
      [single, { audience: 'everyone' }],
      [single, { recipient: null }],
    ];
    for (const [s, changes] of cases) {
      expect(refusal(s, edit(changes)), JSON.stringify(changes)).toBe('invalidEdit');
      const rejected = after(s, reject());
      expect(refusal(rejected, edit(changes)), `rejected: ${JSON.stringify(changes)}`).toBe('invalidEdit');
    }
    // The limits themselves pass: a title of exactly the maximum (once trimmed), content that is only an image.
    expect(refusal(start(), edit({ title: 'x'.repeat(MAX_NOTICE_TITLE_LENGTH) }))).toBe('accepted');
    expect(refusal(start(), edit({ title: ` ${'x'.repeat(MAX_NOTICE_TITLE_LENGTH)} ` }))).toBe('accepted');
    expect(refusal(start(), edit({ content: '<p><img src="/uploads/a.png"></p>' }))).toBe('accepted');
    expect(refusal(start(), edit({ audience: 'supplier', recipient: wang }))).toBe('accepted');
    expect(refusal(single, edit({ audience: 'suppliers', recipient: null }))).toBe('accepted');
    expect(refusal(single, edit({ audience: 'customer', recipient: li }))).toBe('accepted');
  });

  it('an edit of a rejected notice sends it back to audit; an edit while waiting stays waiting', () => {
    const resubmitted = given(reject(), edit({ title: 'Topping up' }));
    expect(noticeStatusOf(resubmitted)).toEqual({ audit_state: 'waiting_audit', is_enabled: true });
    expect(resubmitted.context.title).toBe('Topping up');
    const waiting = given(edit({ title: 'Topping up' }));
    expect(noticeStatusOf(waiting)).toEqual({ audit_state: 'waiting_audit', is_enabled: true });
    expect(waiting.context.title).toBe('Topping up');
    // A closed rejected notice stays closed when resubmitted.
    expect(noticeStatusOf(given(reject(), close, edit({ title: 'Topping up' })))).toEqual({
      audit_state: 'waiting_audit',
      is_enabled: false,
    });
  });

  it('stores an edit with only the fields that change and their previous values', () => {
    const d = decide(
      noticeLifecycle,
      start(),
      edit({
        title: 'Topping up',
        content: creation.content,
        audience: 'supplier',
        recipient: wang,
        noticeTime: creation.noticeTime,
      }),
    );
    expect(d.accepted && d.facts).toEqual([
      {
        type: 'NoticeEdited',
        data: {
          changes: { title: 'Topping up', audience: 'supplier', recipient: wang },
          previous: { title: creation.title, audience: 'everyone', recipient: null },
        },
      },
    ]);
    expect(d.accepted && (d.snapshot as NoticeSnapshot).context).toMatchObject({
      title: 'Topping up',
      content: creation.content,
      audience: 'supplier',
      recipient: wang,
    });
  });

  it('closes and enables at any audit state, each only once', () => {
    for (const s of [start(), given(approve), given(reject()), start(orderNotice)]) {
      const audit = noticeStatusOf(s).audit_state;
      expect(refusal(s, enable), audit).toBe('alreadyEnabled');
      const closed = after(s, close);
      expect(noticeStatusOf(closed), audit).toEqual({ audit_state: audit, is_enabled: false });
      expect(refusal(closed, close), audit).toBe('alreadyClosed');
      const enabled = after(closed, enable);
      expect(noticeStatusOf(enabled), audit).toEqual({ audit_state: audit, is_enabled: true });
    }
    expect(decide(noticeLifecycle, start(), close)).toMatchObject({
      accepted: true,
      facts: [{ type: 'NoticeClosed', data: {} }],
    });
    expect(decide(noticeLifecycle, given(close), enable)).toMatchObject({
      accepted: true,
      facts: [{ type: 'NoticeEnabled', data: {} }],
    });
  });

  it('is read only while passed and enabled', () => {
    expect(refusal(start(), read(supplier(7)))).toBe('notPublished');
    expect(refusal(given(reject()), read(supplier(7)))).toBe('notPublished');
    expect(refusal(given(approve, close), read(supplier(7)))).toBe('notPublished');
    expect(refusal(given(close, approve), read(supplier(7)))).toBe('notPublished');
    expect(refusal(given(approve), read(supplier(7)))).toBe('accepted');
    expect(refusal(given(approve, close, enable), read(supplier(7)))).toBe('accepted');
    expect(refusal(start(orderNotice), read(supplier(7)))).toBe('accepted');
  });

  it('is read only by a reader in its audience', () => {
    const published = (audience: NoticeCreation['audience'], recipient: NoticeCreation['recipient'] = null) =>
      givenFrom({ audience, recipient }, approve);
    const cases: Array<[NoticeSnapshot, NoticeReader, string]> = [
      [published('everyone'), supplier(7), 'accepted'],
      [published('everyone'), customer(9), 'accepted'],
      [published('suppliers'), supplier(7), 'accepted'],
      [published('suppliers'), customer(9), 'notInAudience'],
      [published('customers'), customer(9), 'accepted'],
      [published('customers'), supplier(7), 'notInAudience'],
      [published('supplier', wang), supplier(7), 'accepted'],
      [published('supplier', wang), supplier(8), 'notInAudience'],
      [published('supplier', wang), customer(7), 'notInAudience'],
      [published('customer', li), customer(9), 'accepted'],
      [published('customer', li), customer(8), 'notInAudience'],
      [published('customer', li), supplier(9), 'notInAudience'],
      [start(orderNotice), supplier(8), 'notInAudience'],
    ];
    for (const [s, reader, expected] of cases)
      expect(refusal(s, read(reader)), `${s.context.audience} ← ${JSON.stringify(reader)}`).toBe(expected);
  });

  it('a single recipient reads its notice once', () => {
    const once = after(start(orderNotice), read(supplier(7)));
    expect(once.context.readCount).toBe(1);
    expect(refusal(once, read(supplier(7)))).toBe('alreadyRead');
    // The log, not the fed flag, says so for a single recipient.
    expect(refusal(fed(once, false), read(supplier(7)))).toBe('alreadyRead');
    const single = givenFrom({ audience: 'customer', recipient: li }, approve, read(customer(9)));
    expect(refusal(single, read(customer(9)))).toBe('alreadyRead');
    expect(refusal(single, read(customer(8)))).toBe('notInAudience');
  });

  it('a broadcast is read once per reader: refused when the log says this reader has read it', () => {
    const published = given(approve);
    expect(refusal(fed(published, true), read(supplier(7)))).toBe('alreadyRead');
    expect(refusal(fed(published, false), read(supplier(7)))).toBe('accepted');
    let s = published;
    for (const reader of [supplier(7), supplier(8), customer(9)]) s = after(fed(s, false), read(reader));
    expect(s.context.readCount).toBe(3);
    expect(refusal(fed(s, true), read(customer(1)))).toBe('alreadyRead');
    expect(refusal(fed(s, false), read(customer(1)))).toBe('accepted');
    // Not in the audience is said before read or not.
    const suppliersOnly = givenFrom({ audience: 'suppliers' }, approve);
    expect(refusal(fed(suppliersOnly, true), read(customer(9)))).toBe('notInAudience');
  });

  it('stores a read as NoticeRead with the reader only', () => {
    const d = decide(noticeLifecycle, given(approve), {
      type: 'notice.markRead',
      reader: { kind: 'supplier', id: 7, name: 'Wang Care' } as NoticeReader,
    });
    expect(d.accepted && d.facts).toEqual([
      { type: 'NoticeRead', data: { reader: { kind: 'supplier', id: 7 } } },
    ]);
  });
});

describe('notice roles (the policy table) and rules, as the console asks', () => {
  it('only an admin approves or rejects', () => {
    for (const type of ['notice.approve', 'notice.reject']) {
      expect(allowed(noticeLifecycle, start(), type, 'admin'), type).toEqual({ ok: true });
      for (const role of ['user', 'system'])
        expect(allowed(noticeLifecycle, start(), type, role), `${type} by ${role}`).toEqual({
          ok: false,
          reasonKey: 'policy.adminOnly',
        });
      expect(allowed(noticeLifecycle, given(approve), type, 'admin'), type).toEqual({
        ok: false,
        reasonKey: 'notice.reason.notWaiting',
      });
    }
  });

  it('only the apps mark a notice read, and only a published one', () => {
    const published = given(approve);
    expect(allowed(noticeLifecycle, published, 'notice.markRead', 'system')).toEqual({ ok: true });
    for (const role of ['admin', 'user'])
      expect(allowed(noticeLifecycle, published, 'notice.markRead', role), role).toEqual({
        ok: false,
        reasonKey: 'policy.appsOnly',
      });
    expect(allowed(noticeLifecycle, start(), 'notice.markRead', 'system')).toEqual({
      ok: false,
      reasonKey: 'notice.reason.notPublished',
    });
    expect(allowed(noticeLifecycle, start(orderNotice), 'notice.markRead', 'system')).toEqual({ ok: true });
    for (const audience of ['suppliers', 'customers'] as const)
      expect(
        allowed(noticeLifecycle, givenFrom({ audience }, approve), 'notice.markRead', 'system'),
        audience,
      ).toEqual({ ok: true });
  });

  it('staff edit, enable and close; the rules say when', () => {
    for (const role of ['admin', 'user']) {
      expect(allowed(noticeLifecycle, start(), 'notice.edit', role), role).toEqual({ ok: true });
      expect(allowed(noticeLifecycle, given(reject()), 'notice.edit', role), role).toEqual({ ok: true });
      expect(allowed(noticeLifecycle, start(), 'notice.close', role), role).toEqual({ ok: true });
      expect(allowed(noticeLifecycle, given(close), 'notice.enable', role), role).toEqual({ ok: true });
    }
    expect(allowed(noticeLifecycle, start(), 'notice.edit', 'system')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(noticeLifecycle, given(approve), 'notice.edit', 'user')).toEqual({
      ok: false,
      reasonKey: 'notice.reason.passedNoEdit',
    });
    expect(allowed(noticeLifecycle, start(orderNotice), 'notice.edit', 'user')).toEqual({
      ok: false,
      reasonKey: 'notice.reason.automatic',
    });
    expect(allowed(noticeLifecycle, start(), 'notice.enable', 'user')).toEqual({
      ok: false,
      reasonKey: 'notice.reason.alreadyEnabled',
    });
    // A one-character title is still editable (the sample edit appends rather than empties it).
    expect(allowed(noticeLifecycle, start({ title: 'x' }), 'notice.edit', 'user')).toEqual({ ok: true });
  });
});

describe('notice replay', () => {
  /** The notice lifecycle after its rules were tightened: shorter reasons and titles, only help notices edited, no reads. */
  const tightened = defineLifecycle<typeof noticeMachine, NoticeCommand, NoticeCreation>({
    ...noticeLifecycle,
    machine: noticeMachine.provide({
      guards: {
        hasReason: ({ event }) =>
          event.type === 'NoticeRejected' &&
          event.reason.trim().length > 0 &&
          event.reason.trim().length <= 5,
        leavesValidNotice: ({ event }) =>
          event.type === 'NoticeEdited' && String(event.data.changes.title ?? '').length <= 5,
        isStaffNotice: ({ context }) => context.type === 'help',
        notReadYet: () => false,
      },
    }),
  });

  /** Decides each command under today's rules and keeps the facts, as the server stores them. */
  const record = (from: NoticeCreation, ...cs: NoticeCommand[]): Fact[] => {
    let s = startOf(noticeLifecycle, from) as NoticeSnapshot;
    const log: Fact[] = [{ type: NOTICE_WRITTEN, data: from as unknown as Record<string, unknown> }];
    for (const c of cs) {
      const d = decide(noticeLifecycle, s, c);
      if (!d.accepted) throw new Error(`${c.type} refused: ${d.message}`);
      log.push(...d.facts);
      s = d.snapshot as NoticeSnapshot;
    }
    return log;
  };

  it('replays a stream to the live state', () => {
    const cs = [
      reject('Too vague'),
      edit({ title: 'Topping up' }),
      approve,
      close,
      enable,
      read(supplier(7)),
    ];
    const live = given(...cs);
    const replayed = replay(noticeLifecycle, record(creation, ...cs));
    expect({ value: replayed.value, context: replayed.context }).toEqual({
      value: live.value,
      context: live.context,
    });
  });

  it('reads a rejection reason stored untrimmed (by an older version) trimmed', () => {
    const s = evolve(noticeLifecycle, start(), { type: 'NoticeRejected', data: {}, reason: '  Too vague ' });
    expect((s as NoticeSnapshot).context.auditFailedReason).toBe('Too vague');
  });

  it('replays a stream recorded under today’s rules after the rules were tightened: evolve never refuses', () => {
    const from = { ...creation, noticeType: 'system' as const };
    const log = record(
      from,
      reject('A reason well over five characters'),
      edit({ title: 'A title well over five characters' }),
      approve,
      read(supplier(7)),
      read(customer(9)),
    );
    // Today's rules no longer take those commands ...
    const s = startOf(tightened, from) as NoticeSnapshot;
    expect(decide(tightened, s, reject('A reason well over five characters')).accepted).toBe(false);
    expect(decide(tightened, after(s, reject('No')), edit({ title: 'Short' })).accepted).toBe(false);
    expect(decide(tightened, after(s, approve), read(supplier(7))).accepted).toBe(false);
    // ... yet the stream stored under the old ones replays to the same notice.
    const loose = replay(noticeLifecycle, log) as NoticeSnapshot;
    const strict = replay(tightened, log) as NoticeSnapshot;
    expect({ value: strict.value, context: strict.context }).toEqual({
      value: loose.value,
      context: loose.context,
    });
    expect(strict.context).toMatchObject({
      title: 'A title well over five characters',
      auditFailedReason: null,
      readCount: 2,
    });
    expect(noticeStatusOf(strict)).toEqual({ audit_state: 'pass', is_enabled: true });
  });
});

/** The last rejection's reason, cleared by an approval: what auditFailedReason must be after `log`. */
const lastReason = (log: readonly Fact[]) =>
  log.reduce<string | null>(
    (reason, f) =>
      f.type === 'NoticeRejected' ? (f.reason ?? null) : f.type === 'NoticeApproved' ? null : reason,
    null,
  );

const noticeInvariants = (snapshot: AnyMachineSnapshot, log: readonly Fact[]) => {
  const s = snapshot as NoticeSnapshot;
  const c = s.context;
  const { audit_state } = noticeStatusOf(s);
  const reads = log.filter((f) => f.type === 'NoticeRead') as Array<
    Fact<'NoticeRead', { reader: NoticeReader }>
  >;
  // The read count is the number of reads stored, never negative; a single recipient reads once.
  expect(c.readCount).toBeGreaterThanOrEqual(0);
  expect(c.readCount).toBe(reads.length);
  if (isSingleAudience(c.audience)) expect(c.readCount).toBeLessThanOrEqual(1);
  // Every read is by a reader in the audience (which no longer changes once passed, the only state read in).
  for (const f of reads) expect(isInAudience(c, f.data.reader)).toBe(true);
  if (reads.length > 0) expect(audit_state).toBe('pass');
  // A rejected notice says why; a passed one has no reason left; waiting, it keeps the last rejection's.
  expect(c.auditFailedReason).toBe(lastReason(log));
  if (audit_state === 'reject') expect(isValidNoticeReason(c.auditFailedReason)).toBe(true);
  if (audit_state === 'reject') expect(c.auditFailedReason).toBe(c.auditFailedReason?.trim());
  if (audit_state === 'pass') expect(c.auditFailedReason).toBeNull();
  // The notice stays valid: title, content, audience with its recipient, publish time.
  expect(isValidNoticeBody(c)).toBe(true);
  // Only staff notices are edited, each edit storing only what changed, with what it was.
  const edits = log.filter((f) => f.type === 'NoticeEdited') as Array<
    Fact<'NoticeEdited', { changes: Record<string, unknown>; previous: Record<string, unknown> }>
  >;
  if (!isStaffNoticeType(c.type)) expect(edits).toEqual([]);
  for (const f of edits) {
    expect(Object.keys(f.data.changes).length).toBeGreaterThan(0);
    expect(Object.keys(f.data.previous)).toEqual(Object.keys(f.data.changes));
    for (const field of Object.keys(f.data.changes))
      expect(JSON.stringify(f.data.changes[field])).not.toBe(JSON.stringify(f.data.previous[field]));
  }
};

describe('a staff notice', () => {
  describeLifecycleProperties({
    lifecycle: noticeLifecycle,
    creation,
    commands,
    invariants: noticeInvariants,
    seen: {
      rejected: (s) => noticeStatusOf(s as NoticeSnapshot).audit_state === 'reject',
      resubmitted: (s) =>
        noticeStatusOf(s as NoticeSnapshot).audit_state === 'waiting_audit' &&
        (s as NoticeSnapshot).context.auditFailedReason !== null,
      closed: (s) => !noticeStatusOf(s as NoticeSnapshot).is_enabled,
      readByMany: (s) => (s as NoticeSnapshot).context.readCount > 1,
      readByItsRecipient: (s) =>
        isSingleAudience((s as NoticeSnapshot).context.audience) &&
        (s as NoticeSnapshot).context.readCount === 1,
    },
  });
});

describe('an order notice', () => {
  const types: NoticeType[] = ['new_order', 'renew_order'];
  for (const noticeType of types)
    describe(noticeType, () => {
      describeLifecycleProperties({
        lifecycle: noticeLifecycle,
        creation: { ...orderNotice, noticeType },
        commands,
        invariants: (snapshot, log) => {
          noticeInvariants(snapshot, log);
          expect(noticeStatusOf(snapshot as NoticeSnapshot).audit_state).toBe('pass');
        },
        seen: {
          read: (s) => (s as NoticeSnapshot).context.readCount === 1,
          closed: (s) => !noticeStatusOf(s as NoticeSnapshot).is_enabled,
        },
        runs: 150,
        maxSteps: 20,
      });
    });
});
