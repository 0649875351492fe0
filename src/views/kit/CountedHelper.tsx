import type { ReactNode } from 'react';
import { textLength } from '@/machines/lifecycles/visibleText';

/**
 * A text's length against its limit ("12 / 200"), counted as the lifecycles count a reason or a message (trimmed),
 * and marked once over: the limit is seen while typing, not only when a send is refused.
 */
export function CharCount({ value, max }: { value: string; max: number }) {
  const length = textLength(value.trim());
  return (
    <span
      className={length > max ? 'kit-count kit-count-over' : 'kit-count kit-muted'}
      data-testid="char-count"
    >
      {length} / {max}
    </span>
  );
}

/** A text field's helper line: its problem (if any) on the left, its `CharCount` on the right. */
export function CountedHelper({ text, value, max }: { text?: ReactNode; value: string; max: number }) {
  return (
    <span className="kit-counted">
      <span>{text}</span>
      <CharCount value={value} max={max} />
    </span>
  );
}
