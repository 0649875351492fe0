// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/i18n';
import { CommandDialog } from '@/views/kit/listScreen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

const i18n = createI18n('en-US');

describe('the command dialog', () => {
  it('asks a plain question for a command its page declares no dialog for, and answers both ways', () => {
    const sent: string[] = [];
    const el = document.createElement('div');
    document.body.append(el);
    root = createRoot(el);
    act(() =>
      root!.render(
        <I18nextProvider i18n={i18n}>
          <CommandDialog
            dialog={{ field: '', value: '', problem: null }}
            declaration={undefined}
            send={(event) => sent.push(event.type)}
          />
        </I18nextProvider>,
      ),
    );
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Are you sure you want to do this?');
    const buttons = [...dialog!.querySelectorAll('button')];
    // Its two answers only: no × beside them.
    expect(buttons.map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Cancel', 'Continue']);
    act(() => buttons.find((b) => b.textContent === 'Continue')!.click());
    act(() => buttons.find((b) => b.textContent === 'Cancel')!.click());
    expect(sent).toEqual(['dialog.confirm', 'dialog.cancel']);
  });
});
