import { describe, expect, it } from 'vitest';
import { fromTo, plainValue } from '@/views/kit/historyChanges';

const lines = (...args: Parameters<typeof fromTo>) =>
  fromTo(...args).map(({ field, before, after }) => `${field}: ${before} → ${after}`);

describe('an edit in the history', () => {
  it('reads each changed field from → to, in the order it changed them', () => {
    expect(
      lines(
        { title: 'Renamed', cities: ['Beijing', 'Chengdu'], projects: [{ id: 2, name: 'Plumbing' }] },
        { title: 'Spring sale', cities: ['Beijing'], projects: [] },
      ),
    ).toEqual([
      'title: Spring sale → Renamed',
      'cities: Beijing → Beijing, Chengdu',
      'projects: — → Plumbing',
    ]);
  });

  it('names only a field whose value does not read in a line: rich text, an image, a long text', () => {
    expect(
      lines(
        {
          content: '<p>New</p>',
          cover: '/uploads/a.png',
          photo: 'HTTPS://x.example/a.png',
          bio: '𠮷'.repeat(81),
          note: 'two\nlines',
          name: 'B',
        },
        { content: '<p>Old</p>', cover: '', photo: '', bio: 'short', note: 'one', name: 'A' },
      ),
    ).toEqual(['name: A → B']);
    expect(
      lines({ bio: '𠮷'.repeat(80) }, { bio: '' }),
      '80 characters, in any plane, read in a line',
    ).toEqual([`bio: — → ${'𠮷'.repeat(80)}`]);
  });

  it('shows a value as the entity says (a time, money, a choice, never), else as it reads', () => {
    const show = (field: string, value: unknown) =>
      field === 'price' ? `¥${Number(value) / 100}` : field === 'secret' ? null : undefined;
    expect(
      lines({ price: 1250, duration: 90, secret: 'B' }, { price: 1000, duration: null, secret: 'A' }, show),
    ).toEqual(['price: ¥10 → ¥12.5', 'duration: — → 90']);
  });

  it("reads a field its fact's `previous` lacks as empty, and says nothing of what was without a `previous`", () => {
    expect(lines({ title: 'B' }, {})).toEqual(['title: — → B']);
    expect(lines({ title: 'B' }, undefined)).toEqual([]);
    expect(lines({ ranking: 3 }, 2), 'a ranking fact keeps its previous ranking as a number').toEqual([]);
  });

  it('reads a plain value: none as —, a named thing by its name, a list when each part reads', () => {
    expect(plainValue(null)).toBe('—');
    expect(plainValue('')).toBe('—');
    expect(plainValue([])).toBe('—');
    expect(plainValue({ id: 3, name: 'Wang' })).toBe('Wang');
    expect(plainValue(['a', 'https://x.example/a.png'])).toBeNull();
    expect(plainValue(true)).toBeNull();
  });
});
