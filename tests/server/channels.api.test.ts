import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEntity } from '../../server/kit/rebuild';
import { channelEntity } from '../../server/modules/channels/module';
import { PROMOTE_HOST } from '../../src/contract/channels';
import { callAs } from './support/apps';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// Promotion channels over HTTP: the step form's rules refuse a channel with the field and a reason key (the same
// rules the console checks), an admin creates, takes offline and brings back, staff only read, the search table's
// search, filters and tabs, and a rebuild from the log gives the same rows.

let app: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.login(ADMIN.email, ADMIN.password);
  staff = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await app?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
  callAs(app, token, method, url, payload);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const valid = () => ({
  name: '夏季保洁2026',
  channel_type: 'wechat',
  promote_from: day(0),
  promote_to: day(30),
  promote_link: 'http://example.com/summer',
  ad_source: 'Official account',
  ad_media: 'Article',
  keywords: ['cleaning', ' summer ', 'cleaning'],
  ad_content: 'Deep cleaning at 20% off all summer.',
});

describe('channels', () => {
  it('the demo seed has channels online and offline, counted by tab', async () => {
    const list = await call('GET', '/api/channels?page_size=100');
    expect(list.status).toBe(200);
    const { counts, items, total } = list.body.data;
    expect(total).toBe(items.length);
    expect(counts.online).toBe(items.filter((c: { state: string }) => c.state === 'online').length);
    expect(counts.offline).toBeGreaterThan(0);
  });

  it('an admin creates a channel as the form sends it: trimmed, keywords once each', async () => {
    const res = await call('POST', '/api/channels', valid());
    expect(res.status, res.body.err_msg).toBe(200);
    const channel = res.body.data;
    expect(channel).toMatchObject({
      state: 'online',
      name: '夏季保洁2026',
      channel_type: 'wechat',
      promote_from: day(0),
      promote_to: day(30),
      keywords: ['cleaning', 'summer'],
      version: 1,
    });
    const again = await call('GET', `/api/channels/${channel.id}`);
    expect(again.body.data).toEqual(channel);
  });

  it('each rule of the step form refuses with its field and reason key, and stores nothing', async () => {
    const before = (await call('GET', '/api/channels')).body.data.total;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', 'nameRequired'],
      [{ name: '一二三四五六七八九十一二三四五六七八九十一' }, 'name', 'name'],
      [{ name: 'summer sale' }, 'name', 'name'],
      [{ name: 'summer-sale' }, 'name', 'name'],
      [{ promote_from: '2026-02-30' }, 'promote_from', 'time'],
      [{ promote_from: day(5), promote_to: day(1) }, 'promote_to', 'timeOrder'],
      [{ promote_link: '' }, 'promote_link', 'linkRequired'],
      [{ promote_link: 'https://example.com/x' }, 'promote_link', 'link'],
      [{ promote_link: 'ftp://example.com' }, 'promote_link', 'link'],
      [{ ad_source: ' ' }, 'ad_source', 'sourceRequired'],
      [{ ad_media: '' }, 'ad_media', 'mediaRequired'],
      [{ keywords: [' ', ''] }, 'keywords', 'keywordRequired'],
      [{ ad_content: '' }, 'ad_content', 'contentRequired'],
      [
        { ad_content: Array.from({ length: 201 }, (_, i) => `w${i}`).join(' ') },
        'ad_content',
        'contentTooLong',
      ],
    ];
    for (const [change, field, key] of cases) {
      const res = await call('POST', '/api/channels', { ...valid(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.data.field, JSON.stringify(change)).toBe(field);
      expect(res.body.data.reason_key, JSON.stringify(change)).toBe(`channel.validation.${key}`);
      expect(res.body.err_msg).not.toBe('');
    }
    // The configured host's https links are promoted; 200 words is the most content there may be.
    const ours = await call('POST', '/api/channels', {
      ...valid(),
      promote_link: `${PROMOTE_HOST}/summer`,
      ad_content: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '),
    });
    expect(ours.status, ours.body.err_msg).toBe(200);
    const malformed = await call('POST', '/api/channels', { ...valid(), channel_type: 'radio' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.reason_key).toMatch(/^errors\.validation\./);
    expect((await call('GET', '/api/channels')).body.data.total).toBe(before + 1);
  });

  it('staff read channels but neither create nor take them offline', async () => {
    const made = (await call('POST', '/api/channels', valid())).body.data;
    expect((await call('GET', '/api/channels', undefined, staff)).status).toBe(200);
    const create = await call('POST', '/api/channels', valid(), staff);
    expect(create.status).toBe(403);
    const off = await call(
      'POST',
      `/api/channels/${made.id}/events`,
      { type: 'channel.takeOffline', expectedVersion: made.version },
      staff,
    );
    expect(off.status).toBe(403);
  });

  it('offline and back online; an ended promotion stays offline; a stale version is a conflict', async () => {
    const made = (await call('POST', '/api/channels', valid())).body.data;
    const send = (version: number, command: Record<string, unknown>) =>
      call('POST', `/api/channels/${made.id}/events`, { ...command, expectedVersion: version });
    const off = await send(made.version, { type: 'channel.takeOffline' });
    expect(off.status, off.body.err_msg).toBe(200);
    expect(off.body.data.channel.state).toBe('offline');
    const again = await send(off.body.data.channel.version, { type: 'channel.takeOffline' });
    expect(again.status).toBe(409);
    const stale = await send(made.version, { type: 'channel.bringOnline' });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    const late = await send(off.body.data.channel.version, { type: 'channel.bringOnline', today: day(31) });
    expect(late.status).toBe(409);
    expect(late.body.data.reason_key).toBe('channel.reason.ended');
    const back = await send(off.body.data.channel.version, { type: 'channel.bringOnline', today: day(30) });
    expect(back.status, back.body.err_msg).toBe(200);
    expect(back.body.data.channel.state).toBe('online');
  });

  it('the search table: search, type, keyword and promotion-day filters, tabs', async () => {
    const made = (
      await call('POST', '/api/channels', {
        ...valid(),
        name: 'Zebra7',
        channel_type: 'offline',
        keywords: ['zebra crossing'],
        promote_from: '2031-03-04',
        promote_to: '2031-03-05',
      })
    ).body.data;
    const ids = async (query: string) =>
      (await call('GET', `/api/channels?${query}`)).body.data.items.map((c: { id: number }) => c.id);
    expect(await ids('q=zebra7')).toEqual([made.id]);
    expect(await ids('q=zebra7&channel_type=app')).toEqual([]);
    expect(await ids('keyword=zebra%20crossing')).toEqual([made.id]);
    expect(await ids('promoted_from=2031-03-04&promoted_to=2031-03-04')).toEqual([made.id]);
    // Its days are calendar days, the same for every reader: a time zone west or east of UTC does not move them.
    for (const tz of ['America%2FNew_York', 'Asia%2FShanghai'])
      expect(await ids(`promoted_from=2031-03-04&promoted_to=2031-03-04&tz=${tz}`)).toEqual([made.id]);
    expect(await ids('promoted_from=2031-03-05')).toEqual([]);
    expect(await ids('q=zebra7&tab=offline')).toEqual([]);
    const bad = await call('GET', '/api/channels?channel_type=radio');
    expect(bad.status).toBe(400);
  });

  it('a rebuild from the log gives the same rows', async () => {
    const live = await app.db.selectFrom('channels').selectAll().orderBy('id').execute();
    expect(live.length).toBeGreaterThan(4);
    await rebuildEntity(app.db, channelEntity);
    expect(await app.db.selectFrom('channels').selectAll().orderBy('id').execute()).toEqual(live);
  });
});
