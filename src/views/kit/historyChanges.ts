import { useTranslation } from 'react-i18next';
import { textLength } from '@/machines/lifecycles/visibleText';

/**
 * An edit's history entry, as every detail page reads it: which fields it changed, then "Field: before → after"
 * for each whose values read in a line. The edit facts carry both (`changes`, `previous`: the lifecycles keep only
 * what really changed); a value that does not read in a line (rich text, an image's address, a long text) is named
 * among the changed only.
 */

/** How an entity shows a field's value (a time, money, a choice; null: never quoted), or undefined for `plainValue`. */
export type ShowValue = (field: string, value: unknown) => string | null | undefined;

/** Longer than this, a text is named as changed, not quoted. */
const LINE = 80;

const isAddress = (text: string) => /^(https?:\/\/|\/uploads\/)/i.test(text);

/** A value as it reads by itself: a short text, a number, a named thing, a list of these; '—' for none. */
export function plainValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return textLength(value) > LINE || /[<\n]/.test(value) || isAddress(value) ? null : value;
  if (Array.isArray(value)) {
    const parts = value.map(plainValue);
    return parts.every((p): p is string => p !== null) ? parts.join(', ') || '—' : null;
  }
  if (typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    return (value as { name: string }).name;
  return null;
}

export interface FromTo {
  field: string;
  before: string;
  after: string;
}

/**
 * Each field in `changes` whose values both read in a line, with what it was. A field the fact's `previous` lacks
 * was empty (JSON drops a value that was not there); a fact without `previous` says nothing of what was.
 */
export function fromTo(
  changes: Record<string, unknown>,
  previous: unknown,
  show: ShowValue = () => undefined,
): FromTo[] {
  if (typeof previous !== 'object' || previous === null) return [];
  const read = (field: string, value: unknown) => {
    const shown = show(field, value);
    return shown === undefined ? plainValue(value) : shown;
  };
  return Object.keys(changes).flatMap((field) => {
    const before = read(field, (previous as Record<string, unknown>)[field]);
    const after = read(field, changes[field]);
    return before === null || after === null ? [] : [{ field, before, after }];
  });
}

/** An edit fact's lines (none for another fact): the fields it changed, then each one's before → after. */
export function useEditLines(): (
  data: Record<string, unknown>,
  label: (field: string) => string,
  show?: ShowValue,
) => string[] {
  const { t } = useTranslation();
  return (data, label, show) => {
    const changes = data.changes as Record<string, unknown> | undefined;
    if (!changes || typeof changes !== 'object') return [];
    return [
      t('detail.history.changed', { fields: Object.keys(changes).map(label).join(', ') }),
      ...fromTo(changes, data.previous, show).map(({ field, before, after }) =>
        t('detail.history.fromTo', { field: label(field), before, after }),
      ),
    ];
  };
}
