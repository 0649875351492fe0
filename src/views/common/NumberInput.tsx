import { NumericInput } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's NumericInput, its step buttons named in the page's language. Blueprint writes "increment" and
 * "decrement" into them and has no prop for it; React sets an attribute only when its own value changes, so the
 * names set here after each render stay.
 */
export function NumberInput(props: ComponentProps<typeof NumericInput>) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const [up, down] = box.current?.querySelectorAll<HTMLButtonElement>('button[aria-controls]') ?? [];
    up?.setAttribute('aria-label', t('numberInput.increment'));
    down?.setAttribute('aria-label', t('numberInput.decrement'));
  });
  return (
    // Takes no box of its own: the input lays out as if it stood here alone.
    <div ref={box} style={{ display: 'contents' }}>
      <NumericInput {...props} />
    </div>
  );
}
