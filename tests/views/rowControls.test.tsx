// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Intent } from '@blueprintjs/core';
import { RowButton, RowTag } from '@/views/kit/rowControls';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => act(() => root?.unmount()));

function render(node: React.ReactNode): HTMLElement {
  const el = document.createElement('div');
  root = createRoot(el);
  act(() => root!.render(node));
  return el;
}

const key = (el: Element, k: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });

describe('RowButton', () => {
  it('is a small minimal Blueprint button that a click, Enter or Space presses', () => {
    const onClick = vi.fn();
    const el = render(
      <RowButton intent={Intent.SUCCESS} onClick={onClick} action="supplier.approve">
        Approve
      </RowButton>,
    );
    const a = el.querySelector('a')!;
    expect(a.getAttribute('role')).toBe('button');
    expect(a.className).toBe('bp6-button bp6-small bp6-minimal bp6-intent-success');
    expect(a.getAttribute('data-action')).toBe('supplier.approve');
    expect(a.getAttribute('tabindex')).toBe('0');
    expect(a.textContent).toBe('Approve');
    act(() => a.click());
    key(a, 'Enter');
    key(a, ' ');
    key(a, 'a');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('when disabled, says so and ignores clicks and keys, and leaves the tab order', () => {
    const onClick = vi.fn();
    const el = render(
      <RowButton disabled onClick={onClick}>
        Close
      </RowButton>,
    );
    const a = el.querySelector('a')!;
    expect(a.className).toContain('bp6-disabled');
    expect(a.getAttribute('aria-disabled')).toBe('true');
    expect(a.getAttribute('tabindex')).toBe('-1');
    act(() => a.click());
    key(a, 'Enter');
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('RowTag', () => {
  it('is a minimal Blueprint tag with its intent and text', () => {
    const el = render(<RowTag intent={Intent.WARNING}>Resting</RowTag>);
    const tag = el.firstElementChild!;
    expect(tag.className).toBe('bp6-tag bp6-minimal bp6-intent-warning');
    expect(tag.textContent).toBe('Resting');
  });
});
