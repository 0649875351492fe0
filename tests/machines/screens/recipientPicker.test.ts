import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  RECIPIENT_TEXT_MAX,
  recipientPickerMachine,
  type RecipientKind,
  type RecipientOption,
} from '@/machines/screens/recipientPickerMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';

const option = (id: number, name: string): RecipientOption => ({
  id,
  name,
  mobile: `1391000000${id}`,
  city: 'Hangzhou',
});
const chen5 = option(5, "Chen's Moving Help");
const chen17 = option(17, "Chen's Moving Help");
const zhou9 = option(9, "Zhou's Cleaning");
const refused = new ApiError('The search is longer than 100 characters.', 40001, 400);

describeMachinePaths(recipientPickerMachine, {
  events: (s: AnyMachineSnapshot) => [
    { type: 'recipient.set', kind: 'customer', picked: s.context.picked ? null : zhou9 },
    { type: 'recipient.type', text: 'chen' },
    { type: 'recipient.open' },
    { type: 'xstate.after.250.recipientPicker.open.typing' },
    { type: 'xstate.done.actor.search', output: s.context.matches.length ? [] : [chen5, chen17] },
    { type: 'xstate.error.actor.search', error: refused },
    { type: 'recipient.next' },
    { type: 'recipient.previous' },
    { type: 'recipient.pick', index: 1 },
    { type: 'recipient.close' },
    { type: 'recipient.retry' },
  ],
});

/** The picker over a search that answers from `people` by name, as the lists search (a word of the name). */
function picker(people: RecipientOption[] = [chen5, chen17, zhou9]) {
  const search = vi.fn(async ({ kind, q }: { kind: RecipientKind; q: string }) =>
    people.filter((p) => kind === 'supplier' && p.name.toLowerCase().includes(q.toLowerCase())),
  );
  const actor = createActor(
    recipientPickerMachine.provide({ actors: { search: fromPromise(({ input }) => search(input)) } }),
  ).start();
  const told: Array<number | null> = [];
  actor.on('recipient.changed', (e) => told.push(e.id));
  return { actor, search, told };
}

const ready = (actor: ReturnType<typeof picker>['actor']) =>
  waitFor(actor, (s) => s.matches({ open: 'ready' }));

describe('the recipient picker', () => {
  it('searches what was typed last, once typing pauses, in the audience’s kind', async () => {
    const { actor, search } = picker();
    actor.send({ type: 'recipient.set', kind: 'supplier', picked: null });
    actor.send({ type: 'recipient.type', text: 'z' });
    actor.send({ type: 'recipient.type', text: 'zhou ' });
    await ready(actor);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ kind: 'supplier', q: 'zhou' });
    expect(actor.getSnapshot().context.matches).toEqual([zhou9]);
    actor.send({ type: 'recipient.set', kind: 'customer', picked: null });
    actor.send({ type: 'recipient.open' });
    await ready(actor);
    expect(search).toHaveBeenLastCalledWith({ kind: 'customer', q: '' });
  });

  it('takes text up to what the lists search, in characters (an emoji is one, never half), and no further', async () => {
    const { actor, search } = picker();
    const longest = '𠮷'.repeat(RECIPIENT_TEXT_MAX);
    actor.send({ type: 'recipient.type', text: longest + '😀' });
    expect(actor.getSnapshot().context.text).toBe(longest);
    await ready(actor);
    expect(search).toHaveBeenCalledWith({ kind: 'supplier', q: longest });
    expect(RECIPIENT_TEXT_MAX).toBe(100);
    // Typed into the middle of the full field: nothing changes, its end is not dropped.
    const ending = '𠮷'.repeat(RECIPIENT_TEXT_MAX - 1) + 'z';
    actor.send({ type: 'recipient.type', text: ending });
    actor.send({ type: 'recipient.type', text: '𠮷'.repeat(50) + 'y' + ending.slice(100) });
    expect(actor.getSnapshot().context.text).toBe(ending);
  });

  it('moves through the matches with the arrows, round the ends, and picks the one it is on', async () => {
    const { actor, told } = picker();
    actor.send({ type: 'recipient.type', text: 'chen' });
    await ready(actor);
    // The first match is where the arrows start.
    expect(actor.getSnapshot().context.active).toBe(0);
    actor.send({ type: 'recipient.previous' });
    expect(actor.getSnapshot().context.active).toBe(1);
    actor.send({ type: 'recipient.next' });
    expect(actor.getSnapshot().context.active).toBe(0);
    actor.send({ type: 'recipient.next' });
    actor.send({ type: 'recipient.pick', index: actor.getSnapshot().context.active });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(context).toMatchObject({ picked: chen17, text: chen17.name, matches: [], active: -1 });
    expect(told).toEqual([17]);
  });

  it('goes one step each way among three, and stays on none when nothing matches', async () => {
    const { actor } = picker([option(1, 'Chen A'), option(2, 'Chen B'), option(3, 'Chen C'), zhou9]);
    actor.send({ type: 'recipient.type', text: 'chen' });
    await ready(actor);
    const active = () => actor.getSnapshot().context.active;
    actor.send({ type: 'recipient.next' });
    expect(active()).toBe(1);
    actor.send({ type: 'recipient.previous' });
    expect(active()).toBe(0);
    actor.send({ type: 'recipient.previous' });
    expect(active(), 'round the top to the last').toBe(2);
    actor.send({ type: 'recipient.previous' });
    expect(active()).toBe(1);
    actor.send({ type: 'recipient.type', text: 'nobody' });
    await ready(actor);
    expect(active()).toBe(-1);
    actor.send({ type: 'recipient.next' });
    actor.send({ type: 'recipient.previous' });
    expect(active()).toBe(-1);
  });

  it('drops a pick typed over after the matches were opened on it, and tells the form', async () => {
    const { actor, told } = picker();
    actor.send({ type: 'recipient.type', text: 'zhou' });
    await ready(actor);
    actor.send({ type: 'recipient.pick', index: 0 });
    // The field clicked while it shows the pick: the matches open on its name; typing then drops it.
    actor.send({ type: 'recipient.open' });
    await ready(actor);
    actor.send({ type: 'recipient.type', text: 'Zhou’s C' });
    expect(actor.getSnapshot().context).toMatchObject({ picked: null, text: 'Zhou’s C' });
    expect(told).toEqual([9, null]);
  });

  it('picks only a match shown, and never while the matches are coming', async () => {
    const { actor, told } = picker();
    actor.send({ type: 'recipient.type', text: 'chen' });
    actor.send({ type: 'recipient.pick', index: 0 });
    await ready(actor);
    actor.send({ type: 'recipient.pick', index: 2 });
    actor.send({ type: 'recipient.pick', index: -1 });
    expect(told).toEqual([]);
    expect(actor.getSnapshot().context.picked).toBeNull();
  });

  it('drops the pick as soon as the field is typed in, and tells the form', async () => {
    const { actor, told } = picker();
    actor.send({ type: 'recipient.type', text: 'zhou' });
    await ready(actor);
    actor.send({ type: 'recipient.pick', index: 0 });
    actor.send({ type: 'recipient.type', text: 'zhou’' });
    expect(actor.getSnapshot().context.picked).toBeNull();
    // Typing on without a pick tells nothing more.
    actor.send({ type: 'recipient.type', text: 'zho' });
    expect(told).toEqual([9, null]);
  });

  it('takes the form’s value quietly: a stored recipient shows its name, nothing is told back', () => {
    const { actor, told } = picker();
    actor.send({ type: 'recipient.type', text: 'ch' });
    actor.send({
      type: 'recipient.set',
      kind: 'customer',
      picked: { id: 12, name: 'Li Na', mobile: '', city: '' },
    });
    const s = actor.getSnapshot();
    expect(s.matches('closed')).toBe(true);
    expect(s.context).toMatchObject({ kind: 'customer', text: 'Li Na', matches: [], active: -1 });
    expect(told).toEqual([]);
  });

  it('says a failed search and searches again on retry or on typing', async () => {
    let fail = true;
    const search = vi.fn(async () => {
      if (fail) throw refused;
      return [zhou9];
    });
    const actor = createActor(
      recipientPickerMachine.provide({ actors: { search: fromPromise(search) } }),
    ).start();
    actor.send({ type: 'recipient.open' });
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(actor.getSnapshot().context.error).toMatchObject({ message: refused.message });
    fail = false;
    actor.send({ type: 'recipient.retry' });
    await ready(actor);
    expect(actor.getSnapshot().context).toMatchObject({ matches: [zhou9], error: null });
  });
});
