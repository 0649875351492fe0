import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CHANNEL_LIMITS,
  CHANNEL_STEPS,
  PROMOTE_HOST,
  channelProblems,
  keywordsOf,
  type ChannelDto,
  type ChannelValues,
} from '@/contract/channels';
import {
  EMPTY_CHANNEL,
  channelBody,
  selectTyped,
  stepFormMachine,
  stepProblems,
} from '@/machines/screens/stepFormMachine';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

const GOOD: ChannelValues = {
  name: '春季家政节2026',
  channel_type: 'app',
  promote_from: '2026-03-01',
  promote_to: '2026-03-31',
  promote_link: 'http://example.com/spring',
  ad_source: 'Banner',
  ad_media: 'App',
  keywords: 'cleaning, spring，cleaning',
  ad_content: 'Spring cleaning at 20% off.',
};

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('the step form rules (SPEC §5), shared with the server', () => {
  const problem = (change: Partial<ChannelValues>) => channelProblems({ ...GOOD, ...change });
  it('accept a good channel', () => {
    expect(channelProblems(GOOD)).toEqual({});
  });
  it('activity name: required, at most 20 Chinese characters, letters or digits', () => {
    expect(problem({ name: '  ' }).name).toBe('channel.validation.nameRequired');
    expect(problem({ name: '一'.repeat(20) }).name).toBeUndefined();
    expect(problem({ name: 'a'.repeat(20) }).name).toBeUndefined();
    expect(problem({ name: '一'.repeat(21) }).name).toBe('channel.validation.name');
    expect(problem({ name: 'summer sale' }).name).toBe('channel.validation.name');
    expect(problem({ name: 'sale!' }).name).toBe('channel.validation.name');
    expect(problem({ name: 'スプリング' }).name).toBe('channel.validation.name');
  });
  it('channel type and promotion time required; the time a real range', () => {
    expect(problem({ channel_type: '' }).channel_type).toBe('channel.validation.type');
    expect(problem({ channel_type: 'radio' }).channel_type).toBe('channel.validation.type');
    expect(problem({ promote_from: '' }).promote_from).toBe('channel.validation.time');
    expect(problem({ promote_to: '2026-02-30' }).promote_to).toBe('channel.validation.time');
    expect(problem({ promote_to: '2026-02-28' }).promote_to).toBe('channel.validation.timeOrder');
    expect(problem({ promote_to: '2026-03-01' }).promote_to).toBeUndefined();
  });
  it('promote link: required, starting with http:// or the configured host', () => {
    expect(problem({ promote_link: '' }).promote_link).toBe('channel.validation.linkRequired');
    expect(problem({ promote_link: 'https://example.com' }).promote_link).toBe('channel.validation.link');
    expect(problem({ promote_link: `${PROMOTE_HOST}/a` }).promote_link).toBeUndefined();
    expect(problem({ promote_link: 'http://a b' }).promote_link).toBe('channel.validation.link');
    // By the link's origin, not its first characters: a look-alike host and a host-less http:// are refused.
    for (const link of [
      `${PROMOTE_HOST}.evil.net/phish`,
      `${PROMOTE_HOST}@evil.net/`,
      'http://',
      'http:///x',
    ])
      expect(problem({ promote_link: link }).promote_link, link).toBe('channel.validation.link');
    expect(problem({ promote_link: `${PROMOTE_HOST}:443/a?b=1` }).promote_link).toBeUndefined();
    expect(problem({ promote_link: PROMOTE_HOST }).promote_link).toBeUndefined();
    expect(problem({ promote_link: `http://${'a'.repeat(CHANNEL_LIMITS.link)}` }).promote_link).toBe(
      'channel.validation.link',
    );
  });
  it('advertising source and media, a keyword, and content of at most 200 words required', () => {
    expect(problem({ ad_source: '' }).ad_source).toBe('channel.validation.sourceRequired');
    expect(problem({ ad_source: 'x'.repeat(51) }).ad_source).toBe('channel.validation.sourceTooLong');
    expect(problem({ ad_media: ' ' }).ad_media).toBe('channel.validation.mediaRequired');
    expect(problem({ ad_media: 'x'.repeat(51) }).ad_media).toBe('channel.validation.mediaTooLong');
    expect(problem({ keywords: ' , ，' }).keywords).toBe('channel.validation.keywordRequired');
    expect(problem({ keywords: words(11).replaceAll(' ', ',') }).keywords).toBe(
      'channel.validation.keywordsTooMany',
    );
    expect(problem({ keywords: 'x'.repeat(21) }).keywords).toBe('channel.validation.keywordsTooMany');
    expect(problem({ ad_content: '' }).ad_content).toBe('channel.validation.contentRequired');
    expect(problem({ ad_content: words(200) }).ad_content).toBeUndefined();
    expect(problem({ ad_content: words(201) }).ad_content).toBe('channel.validation.contentTooLong');
  });
  it('hold every limit at its edge, on the values as trimmed', () => {
    const at = (n: number, c = 'x') => c.repeat(n);
    expect(problem({ ad_source: at(50), ad_media: at(50) })).toEqual({});
    expect(problem({ ad_source: ` ${at(50)} `, ad_media: ` ${at(50)} ` })).toEqual({});
    expect(problem({ promote_link: `http://${at(CHANNEL_LIMITS.link - 7)}` }).promote_link).toBeUndefined();
    expect(problem({ promote_link: ` ${PROMOTE_HOST}/x ` }).promote_link).toBeUndefined();
    expect(problem({ promote_from: ' 2026-03-01 ', promote_to: ' 2026-03-31 ' })).toEqual({});
    expect(problem({ promote_from: '2026-3-1' }).promote_from).toBe('channel.validation.time');
    const ten = Array.from({ length: 10 }, (_, i) => `k${i}`).join(',');
    expect(problem({ keywords: ten }).keywords).toBeUndefined();
    expect(problem({ keywords: `${at(20)},short` }).keywords).toBeUndefined();
    expect(problem({ keywords: `short,${at(21)}` }).keywords).toBe('channel.validation.keywordsTooMany');
    expect(problem({ ad_content: ` ${words(200)} ` }).ad_content).toBeUndefined();
    // Few words, too many characters: 2,000 at the most.
    expect(problem({ ad_content: at(2000) }).ad_content).toBeUndefined();
    expect(problem({ ad_content: at(2001) }).ad_content).toBe('channel.validation.contentTooLong');
  });
  it('keywords: split at commas of either width and new lines, trimmed, each once', () => {
    expect(keywordsOf(' a, b，a\n c ,, ')).toEqual(['a', 'b', 'c']);
    expect(channelBody(GOOD).keywords).toEqual(['cleaning', 'spring']);
  });
});

const created = { id: 7, name: GOOD.name } as ChannelDto;

function start(answer: (body: Record<string, unknown>) => Promise<ChannelDto>) {
  const create = vi.fn(answer);
  const actor = createActor(
    stepFormMachine.provide({ actors: { create: fromPromise(({ input }) => create(input)) } }),
  ).start();
  const fill = (values: Partial<ChannelValues>) => {
    for (const [field, value] of Object.entries(values)) {
      actor.send({ type: 'field.change', field: field as keyof ChannelValues, value });
    }
  };
  return { actor, create, fill };
}

describe('stepForm behaviour', () => {
  it('step one is left only when its own fields are right; its problems show once "next" was tried', () => {
    const { actor, fill } = start(async () => created);
    fill({ name: 'bad name' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('channel');
    expect(actor.getSnapshot().context.errors).toEqual(
      stepProblems('channel', actor.getSnapshot().context.values),
    );
    expect(actor.getSnapshot().context.errors.name).toBe('channel.validation.name');
    // Only the step's own fields: the advertising step's empty fields are not mentioned yet.
    expect(actor.getSnapshot().context.errors.ad_source).toBeUndefined();
    fill({ name: GOOD.name });
    expect(actor.getSnapshot().context.errors.name, 'a fixed field clears as it is fixed').toBeUndefined();
    fill({ channel_type: GOOD.channel_type, promote_from: GOOD.promote_from, promote_to: GOOD.promote_to });
    fill({ promote_link: GOOD.promote_link });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('advertising');
    expect(actor.getSnapshot().context.errors, 'a new step shows nothing until tried').toEqual({});
    fill({ ad_source: '' });
    expect(actor.getSnapshot().context.errors, '…not even as it is typed in').toEqual({});
    actor.send({ type: 'step.back' });
    fill({ name: '' });
    expect(actor.getSnapshot().context.errors, 'nor on the way back').toEqual({});
    actor.stop();
  });

  it('back keeps what was typed on both steps; submit sends the channel, says so and starts over', async () => {
    const { actor, create, fill } = start(async () => created);
    const heard: unknown[] = [];
    actor.on('channel.created', (e) => heard.push(e.channel));
    expect(selectTyped(actor.getSnapshot()), 'nothing typed yet').toBe(false);
    fill({ ad_media: 'App' });
    expect(selectTyped(actor.getSnapshot()), 'a field of the second step counts too').toBe(true);
    fill(GOOD);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toBe('channel');
    expect(actor.getSnapshot().context.values).toEqual(GOOD);
    actor.send({ type: 'step.next' });
    fill({ ad_content: '' });
    actor.send({ type: 'step.submit' });
    expect(create).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.errors).toEqual({ ad_content: 'channel.validation.contentRequired' });
    fill({ ad_content: GOOD.ad_content });
    actor.send({ type: 'step.submit' });
    expect(actor.getSnapshot().value).toBe('creating');
    actor.send({ type: 'step.submit' });
    await until(actor, (s) => s.value === 'channel');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ ...GOOD, keywords: ['cleaning', 'spring'] });
    expect(heard).toEqual([created]);
    expect(actor.getSnapshot().context).toMatchObject({ values: EMPTY_CHANNEL, errors: {}, tried: false });
    // Created: nothing typed is left to drop.
    expect(selectTyped(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('a refusal naming a field returns to its step with the reason under it; any other stays, above the form', async () => {
    const refused = new ApiError('The promote link must start with http://', 400, 400, {
      field: 'promote_link',
      reason_key: 'channel.validation.link',
    });
    const { actor, fill } = start(() => Promise.reject(refused));
    fill(GOOD);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.submit' });
    await until(actor, (s) => s.value === 'channel' && s.context.errors.promote_link !== undefined);
    expect(actor.getSnapshot().context.errors).toEqual({ promote_link: 'channel.validation.link' });
    expect(actor.getSnapshot().context.values).toEqual(GOOD);
    // From then on the step's own rules follow each change, as after a "next" tried.
    fill({ name: '' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'channel.validation.nameRequired' });

    const onAdvertising = start(() =>
      Promise.reject(
        new ApiError('x', 400, 400, { field: 'keywords', reason_key: 'channel.validation.keywordRequired' }),
      ),
    );
    onAdvertising.fill(GOOD);
    onAdvertising.actor.send({ type: 'step.next' });
    onAdvertising.actor.send({ type: 'step.submit' });
    await until(
      onAdvertising.actor,
      (s) => s.value === 'advertising' && s.context.errors.keywords !== undefined,
    );

    const other = start(() => Promise.reject(new ApiError('Request Error', undefined, 0)));
    other.fill(GOOD);
    other.actor.send({ type: 'step.next' });
    other.actor.send({ type: 'step.submit' });
    await until(other.actor, (s) => s.value === 'advertising' && s.context.serverError !== null);
    expect(other.actor.getSnapshot().context.errors).toEqual({});
    expect(other.actor.getSnapshot().context.values).toEqual(GOOD);
    other.fill({ ad_media: 'Flyer' });
    expect(other.actor.getSnapshot().context.serverError, 'a change clears it').toBeNull();
    for (const a of [actor, onAdvertising.actor, other.actor]) a.stop();
  });
});

describeMachinePaths(stepFormMachine, {
  // On the step shown, its next empty field is typed in, or its first filled one emptied: the vertices are the
  // step and which fields hold a value.
  events: (s) => {
    const fields = CHANNEL_STEPS[s.value === 'channel' ? 'channel' : 'advertising'];
    const empty = fields.find((f) => !s.context.values[f]);
    const filled = fields.find((f) => s.context.values[f]);
    return [
      ...(empty ? [{ type: 'field.change', field: empty, value: GOOD[empty] }] : []),
      ...(filled ? [{ type: 'field.change', field: filled, value: '' }] : []),
      { type: 'step.next' },
      { type: 'step.back' },
      { type: 'step.submit' },
      { type: 'xstate.done.actor.create', output: created },
      { type: 'xstate.error.actor.create', error: new ApiError('x', 400, 400, { field: 'name' }) },
      { type: 'xstate.error.actor.create', error: new Error('x') },
    ];
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.entries(s.context.values)
        .filter(([, v]) => v !== '')
        .map(([k]) => k),
    ]),
  limit: 20000,
});
