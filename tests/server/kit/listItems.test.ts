import Fastify from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { listItemsOf, yuanText } from '../../../server/kit/listItems';
import type { ListSpec } from '../../../src/contract/list';
import { formatFen } from '../../../src/machines/lifecycles/money';
import { createTestDatabase } from '../support/testApp';

// What a list declaring its items answers, and what it may name (server/kit/listItems.ts): refused when the server
// starts, not on a page.
const record = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  closed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
const spec = (items?: string[]): ListSpec => ({
  filters: {},
  sorts: { id: { order: 'asc' } },
  defaultSort: 'id',
  pageSize: { default: 20, max: 100 },
  ...(items ? { items } : {}),
});
const itemsOf = (items: string[]) => listItemsOf('things', spec(items), record, () => ({}));

describe('a list naming its items', () => {
  it('answers the rows as read, written by its schema: the fields it names, a Date as its ISO text, nothing else', async () => {
    const { items, schema } = itemsOf(['id', 'version', 'created_at']);
    const rows = [
      {
        id: 1,
        version: 2,
        name: 'left out',
        created_at: new Date(Date.UTC(2026, 10, 25, 8, 30, 0, 123)),
        list_key: '1',
      },
      { id: 2, version: 1, name: 'left out', created_at: new Date(Date.UTC(2001, 0, 1)), list_counts: '[]' },
    ];
    // As the entity routes answer a page: the items in the response, its schema theirs (server/kit/routes.ts).
    const app = Fastify();
    app.get('/things', { schema: { response: { 200: Type.Array(schema) } } }, async () => items(rows));
    try {
      const response = await app.inject({ method: 'GET', url: '/things' });
      expect(JSON.parse(response.body)).toEqual([
        { id: 1, version: 2, created_at: '2026-11-25T08:30:00.123Z' },
        { id: 2, version: 1, created_at: rows[1]!.created_at.toISOString() },
      ]);
    } finally {
      await app.close();
    }
  });

  it('may not name a field its record has not', () => {
    expect(() => itemsOf(['id', 'version', 'colour'])).toThrow(
      'things: list items name fields its record has not: colour',
    );
  });

  it('must name id and version', () => {
    expect(() => itemsOf(['id', 'name'])).toThrow('things: list items must include version');
    expect(() => itemsOf(['version', 'name'])).toThrow('things: list items must include id');
  });

  it('may not name a date-time within a union (a nullable one): its schema would match a Date to no branch', () => {
    expect(() => itemsOf(['id', 'version', 'closed_at'])).toThrow(
      'things: list items cannot hold a date-time within a union: closed_at',
    );
  });
});

describe('item columns: fields a statement works out from the columns', () => {
  const price = yuanText('price_fen');
  it('of a list naming its items, are among them', () => {
    expect(() => listItemsOf('things', spec(['id', 'version']), record, () => ({}), { name: price })).toThrow(
      'things: item columns its list items do not name: name',
    );
    expect(() =>
      listItemsOf('things', spec(['id', 'version', 'name']), record, () => ({}), { name: price }),
    ).not.toThrow();
  });

  it('a price in fen as yuan text, as formatFen writes it; null stays null', async () => {
    const edges = [0, 1, 5, 9, 10, 99, 100, 101, 199, 19_900, 1_999_999, 2_147_483_647];
    const random = Array.from({ length: 200 }, () => Math.floor(Math.random() * 2 ** 32) - 2 ** 31);
    const values = [...edges, ...edges.map((v) => -v), -2_147_483_648, ...random];
    const database = await createTestDatabase({ migrate: false, seed: false });
    try {
      const { rows } = await sql<{ fen: number | null; yuan: string | null }>`
        select t.price_fen as fen, ${price('t')} as yuan
        from unnest(${[...values, null]}::int[]) as t(price_fen)`.execute(database.db);
      expect(rows).toHaveLength(values.length + 1);
      for (const row of rows)
        expect(row.yuan, String(row.fen)).toBe(row.fen === null ? null : formatFen(row.fen));
    } finally {
      await database.close();
    }
  });
});

describe('a list not naming its items', () => {
  it('gives each row by toApi, its schema the record’s', () => {
    const { items, schema } = listItemsOf('things', spec(), record, (row) => ({ shown: row.id }));
    expect(items([{ id: 1 }, { id: 2 }])).toEqual([{ shown: 1 }, { shown: 2 }]);
    expect(schema).toBe(record);
  });
});
