import { NumericInput } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Blueprint's NumericInput, its step buttons named in the page's language and pointing at its input. Blueprint writes
 * "increment" and "decrement" into them and has no prop for it; and an `id` given replaces the input's own, so the
 * buttons' `aria-controls` (its own) would name no element. React sets an attribute only when its own value changes,
 * so what is set here after each render stays.
 */
export function NumberInput(props: ComponentProps<typeof NumericInput>) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const input = box.current?.querySelector('input');
    const [up, down] = box.current?.querySelectorAll<HTMLButtonElement>('button[aria-controls]') ?? [];
    up?.setAttribute('aria-label', t('numberInput.increment'));
    down?.setAttribute('aria-label', t('numberInput.decrement'));
    for (const button of [up, down]) if (input?.id) button?.setAttribute('aria-controls', input.id);
  });
  return (
    // Takes no box of its own: the input lays out as if it stood here alone.
    <div ref={box} style={{ display: 'contents' }}>
      <NumericInput {...props} />
    </div>
  );
}
