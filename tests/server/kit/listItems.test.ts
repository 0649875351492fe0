import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { listItemsOf } from '../../../server/kit/listItems';
import type { ListSpec } from '../../../src/contract/list';

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

describe('a list not naming its items', () => {
  it('gives each row by toApi, its schema the record’s', () => {
    const { items, schema } = listItemsOf('things', spec(), record, (row) => ({ shown: row.id }));
    expect(items([{ id: 1 }, { id: 2 }])).toEqual([{ shown: 1 }, { shown: 2 }]);
    expect(schema).toBe(record);
  });
});
