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

const i18n = createI18n('en-US');
const tree = (verdict: Allowed) => (
  <I18nextProvider i18n={i18n}>
    <ReasonTip verdict={verdict}>
      <a className="control">Approve</a>
    </ReasonTip>
  </I18nextProvider>
);

function render(verdict: Allowed): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(tree(verdict)));
  return el;
}

const rerender = (verdict: Allowed) => act(() => root!.render(tree(verdict)));
const enter = (el: Element) => {
  el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  el.dispatchEvent(new MouseEvent('mouseenter'));
};
const leave = (el: Element) => {
  el.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
  el.dispatchEvent(new MouseEvent('mouseleave'));
};
const REFUSED: Allowed = { ok: false, reasonKey: 'policy.adminOnly' };

const tooltipText = () => document.querySelector(`.${Classes.TOOLTIP}`)?.textContent ?? null;

describe('ReasonTip', () => {
  it('leaves an allowed control as it is', () => {
    const el = render({ ok: true });
    expect(el.innerHTML).toBe('<a class="control">Approve</a>');
  });

  it('gives a refused control its reason on the first hover, in the wrapper it had before', () => {
    const el = render(REFUSED);
    const wrapper = el.firstElementChild!;
    expect(wrapper.className).toBe(Classes.POPOVER_TARGET);
    expect(wrapper.querySelector('a.control')).not.toBeNull();
    expect(tooltipText()).toBeNull();

    act(() => enter(wrapper));
    const text = tooltipText();
    expect(text).not.toBeNull();
    expect(text).not.toBe('policy.adminOnly');
    expect(text).toBe(i18n.t('policy.adminOnly'));
    expect(el.querySelector(`.${Classes.POPOVER_TARGET} a.control`)).not.toBeNull();
  });

  it('leaves no tooltip behind when the pointer left before it was made', () => {
    const el = render(REFUSED);
    const wrapper = el.firstElementChild!;
    act(() => {
      enter(wrapper);
      leave(wrapper);
    });
    expect(tooltipText()).toBeNull();
  });

  it('stays open while the pointer moves over the control and closes when it moves anywhere else', () => {
    const el = render(REFUSED);
    act(() => enter(el.firstElementChild!));
    const control = el.querySelector('a.control')!;
    act(() => {
      control.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    });
    expect(tooltipText()).toBe(i18n.t('policy.adminOnly'));
    // No leave event first: the wrapper was replaced under the pointer, and a quick move off it sends none.
    act(() => {
      document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    });
    expect(document.querySelector(`.${Classes.POPOVER_OPEN}`)).toBeNull();
    expect(el.firstElementChild!.className).toBe(Classes.POPOVER_TARGET);
    expect(el.querySelector(`.${Classes.POPOVER_TARGET} a.control`)).not.toBeNull();
  });

  it('does not open by itself when refused again after being allowed', () => {
    const el = render(REFUSED);
    act(() => enter(el.firstElementChild!));
    expect(tooltipText()).not.toBeNull();
    rerender({ ok: true });
    expect(el.innerHTML).toBe('<a class="control">Approve</a>');
    rerender(REFUSED);
    expect(el.firstElementChild!.className).toBe(Classes.POPOVER_TARGET);
    expect(tooltipText()).toBeNull();
  });
});
