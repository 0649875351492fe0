// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberInput } from '@/views/common/NumberInput';
import { mount } from './support/mount';

const names = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));

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
});
