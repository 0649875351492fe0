import type { ReactNode } from 'react';

/**
 * The text under a field as assistive technology hears it: the field's description (`aria-describedby`), and a
 * problem marks the field invalid. `helperText` goes on the FormGroup, `input` is spread on the control.
 */
export function describedField(id: string, help: ReactNode, invalid: boolean) {
  const helpId = `${id}-help`;
  const shown = help !== undefined && help !== null && help !== '';
  return {
    helperText: shown ? <span id={helpId}>{help}</span> : undefined,
    input: {
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': shown ? helpId : undefined,
    },
  };
}
