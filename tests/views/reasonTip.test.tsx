// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { Classes } from '@blueprintjs/core';
import { ReasonTip } from '@/views/kit/ReasonTip';
import type { Allowed } from '@/machines/lifecycles/lifecycle';
import { mount } from './support/mount';

const tree = (verdict: Allowed) => (
  <ReasonTip verdict={verdict}>
    <a className="control">Approve</a>
  </ReasonTip>
);

let mounted: ReturnType<typeof mount>;
function render(verdict: Allowed): HTMLElement {
  mounted = mount(tree(verdict));
  return mounted.el;
}

const rerender = (verdict: Allowed) => mounted.rerender(tree(verdict));
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
    expect(text).toBe(mounted.i18n.t('policy.adminOnly'));
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

  it('on a touch screen, which sends no move, closes on a tap elsewhere or a scroll, not on a tap on the control', () => {
    const el = render(REFUSED);
    const open = () => document.querySelector(`.${Classes.POPOVER_OPEN}`);
    act(() => enter(el.firstElementChild!));
    act(() => {
      el.querySelector('a.control')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(open()).not.toBeNull();
    act(() => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(open()).toBeNull();
    act(() => enter(el.firstElementChild!));
    expect(open()).not.toBeNull();
    act(() => {
      el.dispatchEvent(new Event('scroll'));
    });
    expect(open()).toBeNull();
  });

  it('stays open while the pointer moves over the control and closes when it moves anywhere else', () => {
    const el = render(REFUSED);
    act(() => enter(el.firstElementChild!));
    const control = el.querySelector('a.control')!;
    act(() => {
      control.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    });
    expect(tooltipText()).toBe(mounted.i18n.t('policy.adminOnly'));
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
