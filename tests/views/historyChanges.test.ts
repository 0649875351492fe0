import { describe, expect, it } from 'vitest';
import { fromToLines, plainValue } from '@/views/kit/historyChanges';

const label = (field: string) => field.toUpperCase();

describe('an edit in the history', () => {
  it('reads each changed field from → to, in the order it changed them', () => {
    expect(
      fromToLines(
        { title: 'Renamed', cities: ['Beijing', 'Chengdu'], projects: [{ id: 2, name: 'Plumbing' }] },
        { title: 'Spring sale', cities: ['Beijing'], projects: [] },
        label,
      ),
    ).toEqual([
      'TITLE: Spring sale → Renamed',
      'CITIES: Beijing → Beijing, Chengdu',
      'PROJECTS: — → Plumbing',
    ]);
  });

  it('names only a field whose value does not read in a line: rich text, an image, a long text', () => {
    expect(
      fromToLines(
        {
          content: '<p>New</p>',
          cover: '/uploads/a.png',
          bio: 'x'.repeat(81),
          note: 'two\nlines',
          name: 'B',
        },
        { content: '<p>Old</p>', cover: '', bio: 'short', note: 'one', name: 'A' },
        label,
      ),
    ).toEqual(['NAME: A → B']);
  });

  it('shows a value as the entity says (a time, money, a choice), else as it reads; none without what it was', () => {
    const show = (field: string, value: unknown) =>
      field === 'price' ? `¥${Number(value) / 100}` : undefined;
    expect(fromToLines({ price: 1250, duration: 90 }, { price: 1000, duration: null }, label, show)).toEqual([
      'PRICE: ¥10 → ¥12.5',
      'DURATION: — → 90',
    ]);
    expect(fromToLines({ title: 'B' }, undefined, label)).toEqual([]);
    expect(fromToLines({ title: 'B' }, {}, label), 'a fact without the previous value').toEqual([]);
  });

  it('reads a plain value: none as —, a named thing by its name, a list when each part reads', () => {
    expect(plainValue(null)).toBe('—');
    expect(plainValue('')).toBe('—');
    expect(plainValue([])).toBe('—');
    expect(plainValue({ id: 3, name: 'Wang' })).toBe('Wang');
    expect(plainValue(['a', 'https://x.example/a.png'])).toBeNull();
    expect(plainValue(true)).toBeNull();
    expect(plainValue('x'.repeat(80))).toBe('x'.repeat(80));
  });
});
