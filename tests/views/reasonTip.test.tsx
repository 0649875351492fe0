// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Classes } from '@blueprintjs/core';
import { createI18n } from '@/i18n';
import { ReasonTip } from '@/views/kit/ReasonTip';
import type { Allowed } from '@/machines/lifecycles/lifecycle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function render(verdict: Allowed): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() =>
    root!.render(
      <I18nextProvider i18n={createI18n('en-US')}>
        <ReasonTip verdict={verdict}>
          <a className="control">Approve</a>
        </ReasonTip>
      </I18nextProvider>,
    ),
  );
  return el;
}

const tooltipText = () => document.querySelector(`.${Classes.TOOLTIP}`)?.textContent ?? null;

describe('ReasonTip', () => {
  it('leaves an allowed control as it is', () => {
    const el = render({ ok: true });
    expect(el.innerHTML).toBe('<a class="control">Approve</a>');
  });

  it('gives a refused control its reason on the first hover, in the wrapper it had before', () => {
    const el = render({ ok: false, reasonKey: 'policy.adminOnly' });
    const wrapper = el.firstElementChild!;
    expect(wrapper.className).toBe(Classes.POPOVER_TARGET);
    expect(wrapper.querySelector('a.control')).not.toBeNull();
    expect(tooltipText()).toBeNull();

    act(() => {
      wrapper.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      wrapper.dispatchEvent(new MouseEvent('mouseenter'));
    });
    const text = tooltipText();
    expect(text).not.toBeNull();
    expect(text).not.toBe('policy.adminOnly');
    expect(text).toBe(createI18n('en-US').t('policy.adminOnly'));
    expect(el.querySelector(`.${Classes.POPOVER_TARGET} a.control`)).not.toBeNull();
  });
});
