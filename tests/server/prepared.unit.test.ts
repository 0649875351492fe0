import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { MARK, prepareMarked, statementName } from '../../server/db/prepared';

/** A pooled client whose database refuses every named statement as PostgreSQL does a stale kept plan. */
function staleClient() {
  const stale = Object.assign(new Error('cached plan must not change result type'), {
    code: '0A000',
    routine: 'RevalidateCachedQuery',
  });
  const query = vi.fn(async (config: unknown) =>
    typeof config === 'object' && config !== null && 'name' in config ? Promise.reject(stale) : { rows: [] },
  );
  const client = { query } as unknown as pg.PoolClient;
  prepareMarked(client);
  return { client, query };
}

describe('prepareMarked', () => {
  it('asks a statement refused for a changed table again unprepared, and then never prepared on that connection', async () => {
    const { client, query } = staleClient();
    const text = `${MARK}select * from probe where a = $1`;
    await client.query(text, [1]);
    expect(query.mock.calls.map((call) => call[0])).toEqual([
      { name: statementName(text), text, values: [1] },
      text,
    ]);
    await client.query(text, [2]);
    expect(query.mock.calls.slice(2).map((call) => call[0])).toEqual([text]);
  });

  it('passes other errors on, and leaves unmarked statements and the callback form as they are', async () => {
    const query = vi.fn(async () => Promise.reject(Object.assign(new Error('syntax'), { code: '42601' })));
    const client = { query } as unknown as pg.PoolClient;
    prepareMarked(client);
    const text = `${MARK}select nonsense`;
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '42601' });
    expect(query).toHaveBeenCalledTimes(1);
    const callback = () => undefined;
    void client.query(text, [1], callback);
    void client.query('select 1', [1]);
    expect(query.mock.calls.slice(1)).toEqual([
      [text, [1], callback],
      ['select 1', [1], undefined],
    ]);
  });
});
