// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberInput } from '@/views/common/NumberInput';
import { mount } from './support/mount';

const names = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));

/** The id of the element each step button says it controls, and whether that element is the input. */
const controls = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].map((b) => {
    const id = b.getAttribute('aria-controls')!;
    return [id, el.ownerDocument.getElementById(id) === el.querySelector('input')];
  });

describe('a number input', () => {
  it.each([
    ['en-US', ['Increase', 'Decrease']],
    ['zh-CN', ['增加', '减少']],
  ])('names its step buttons in %s', (locale, expected) => {
    const { el } = mount(<NumberInput value={3} min={0} />, locale);
    expect(names(el)).toEqual(expected);
  });

  it('keeps the names through a new value and renames them with the language', async () => {
    const { el, i18n, rerender } = mount(<NumberInput value={3} min={0} />);
    rerender(<NumberInput value={4} min={0} />);
    expect(names(el)).toEqual(['Increase', 'Decrease']);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(names(el)).toEqual(['增加', '减少']);
  });

  it('points its step buttons at its input, with or without an id of its own', () => {
    const { el } = mount(<NumberInput id="city-ranking" value={3} min={0} />);
    expect(controls(el)).toEqual([
      ['city-ranking', true],
      ['city-ranking', true],
    ]);
    const { el: unnamed } = mount(<NumberInput value={3} min={0} />);
    expect(controls(unnamed).map(([, isInput]) => isInput)).toEqual([true, true]);
  });

  it('keeps names and targets when it renders on its own (a step taken in an input holding its own value)', () => {
    const { el } = mount(<NumberInput id="menu-width" defaultValue={3} min={0} />);
    const [up] = el.querySelectorAll('button');
    act(() => {
      up!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      up!.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    expect(el.querySelector('input')!.value).toBe('4');
    expect(names(el)).toEqual(['Increase', 'Decrease']);
    expect(controls(el)).toEqual([
      ['menu-width', true],
      ['menu-width', true],
    ]);
  });
});
