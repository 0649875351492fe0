import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionConflict } from '../../../server/errors';
import { appendEvent, readAll, readStream, streamVersion } from '../../../server/events/store';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const actor = { id: null, role: 'system' };

describe('event store', () => {
  it('appends at expectedVersion + 1 and reads the stream back in order', async () => {
    const first = await appendEvent(t.db, {
      streamType: 'thing',
      streamId: 'a',
      expectedVersion: 0,
      type: 'ThingCreated',
      data: { name: 'A', tags: ['x', 'y'] },
      actor: { id: 7, role: 'admin' },
      reason: 'because',
    });
    expect(first).toMatchObject({
      streamType: 'thing',
      streamId: 'a',
      version: 1,
      type: 'ThingCreated',
      data: { name: 'A', tags: ['x', 'y'] },
      actor: { id: 7, role: 'admin' },
      reason: 'because',
    });
    expect(typeof first.globalPosition).toBe('number');
    expect(first.occurredAt).toBeInstanceOf(Date);

    const second = await appendEvent(t.db, {
      streamType: 'thing',
      streamId: 'a',
      expectedVersion: 1,
      type: 'ThingRenamed',
      data: { name: 'B' },
      actor,
    });
    expect(second.version).toBe(2);
    expect(second.reason).toBeNull();
    expect(second.globalPosition).toBeGreaterThan(first.globalPosition);

    const stream = await readStream(t.db, 'thing', 'a');
    expect(stream.map((e) => [e.version, e.type])).toEqual([
      [1, 'ThingCreated'],
      [2, 'ThingRenamed'],
    ]);
    expect(await streamVersion(t.db, 'thing', 'a')).toBe(2);
    expect(await streamVersion(t.db, 'thing', 'missing')).toBe(0);
  });

  it('refuses an append whose expected version is stale, with the 409 version conflict', async () => {
    await appendEvent(t.db, {
      streamType: 'thing',
      streamId: 'b',
      expectedVersion: 0,
      type: 'T',
      data: {},
      actor,
    });
    const stale = appendEvent(t.db, {
      streamType: 'thing',
      streamId: 'b',
      expectedVersion: 0,
      type: 'T',
      data: {},
      actor,
    });
    await expect(stale).rejects.toBeInstanceOf(VersionConflict);
    await expect(stale).rejects.toMatchObject({ statusCode: 409, errCode: 40901 });
    await expect(stale).rejects.toThrow(/changed by someone else/);
    const ahead = appendEvent(t.db, {
      streamType: 'thing',
      streamId: 'b',
      expectedVersion: 5,
      type: 'T',
      data: {},
      actor,
    });
    await expect(ahead).rejects.toBeInstanceOf(VersionConflict);
    expect((await readStream(t.db, 'thing', 'b')).length).toBe(1);
  });

  it('lets exactly one of several concurrent appends with the same expected version win', async () => {
    await appendEvent(t.db, {
      streamType: 'race',
      streamId: 'r',
      expectedVersion: 0,
      type: 'Created',
      data: {},
      actor,
    });
    const attempts = Array.from({ length: 5 }, (_, i) =>
      t.db.transaction().execute((trx) =>
        appendEvent(trx, {
          streamType: 'race',
          streamId: 'r',
          expectedVersion: 1,
          type: 'Changed',
          data: { attempt: i },
          actor,
        }),
      ),
    );
    const results = await Promise.allSettled(attempts);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    for (const failure of lost) expect(failure.reason).toBeInstanceOf(VersionConflict);
    const stream = await readStream(t.db, 'race', 'r');
    expect(stream.map((e) => e.version)).toEqual([1, 2]);
  });

  it('rolls the event back with the rest of a failed transaction', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await appendEvent(trx, {
          streamType: 'thing',
          streamId: 'c',
          expectedVersion: 0,
          type: 'T',
          data: {},
          actor,
        });
        throw new Error('projection update failed');
      }),
    ).rejects.toThrow('projection update failed');
    expect(await readStream(t.db, 'thing', 'c')).toEqual([]);
  });

  it('reads every event, or one stream type, in append order', async () => {
    await appendEvent(t.db, {
      streamType: 'other',
      streamId: 'o',
      expectedVersion: 0,
      type: 'O',
      data: {},
      actor,
    });
    const all = await readAll(t.db);
    const positions = all.map((e) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(all.map((e) => e.streamType))).toEqual(new Set(['thing', 'race', 'other']));
    const things = await readAll(t.db, 'thing');
    expect(things.every((e) => e.streamType === 'thing')).toBe(true);
    expect(things.length).toBe(3);
  });

  it('keeps jsonb arrays and nested objects intact', async () => {
    const data = { list: [1, 'two', { three: 3 }], nested: { deep: [true, null] } };
    await appendEvent(t.db, {
      streamType: 'json',
      streamId: 'j',
      expectedVersion: 0,
      type: 'J',
      data,
      actor,
    });
    const [event] = await readStream(t.db, 'json', 'j');
    expect(event?.data).toEqual(data);
  });
});
