// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, Drawer } from '@/views/kit/Dialog';
import { Spinner } from '@/views/kit/Spinner';
import { mount } from './support/mount';

const closeButton = () => document.querySelector<HTMLButtonElement>('.bp6-dialog-close-button');
const named = (role: string) => {
  const el = document.querySelector(`[role="${role}"]`)!;
  return document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent;
};

describe('the kit dialog, drawer and spinner', () => {
  it.each([
    ['en-US', 'Close'],
    ['zh-CN', '关闭'],
  ])('name their × in the page language (%s), and are named by their title', (locale, close) => {
    const onClose = vi.fn();
    mount(
      <Dialog isOpen title="Adjust the balance" icon="bank-account" onClose={onClose}>
        body
      </Dialog>,
      locale,
    );
    expect(closeButton()?.getAttribute('aria-label')).toBe(close);
    expect(named('dialog')).toBe('Adjust the balance');
    act(() => closeButton()!.click());
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a dialog may go without its ×, and without a title it has no header', () => {
    const { rerender } = mount(
      <Dialog isOpen title="Changed by someone else" isCloseButtonShown={false}>
        body
      </Dialog>,
    );
    expect(named('dialog')).toBe('Changed by someone else');
    expect(closeButton()).toBeNull();
    rerender(<Dialog isOpen>body</Dialog>);
    expect(document.querySelector('.bp6-dialog-header')).toBeNull();
  });

  it('a drawer is a dialog to assistive technology, named by its title, its × in the page language', () => {
    const onClose = vi.fn();
    mount(
      <Drawer isOpen title="设置" icon="cog" onClose={onClose}>
        <p>content</p>
      </Drawer>,
      'zh-CN',
    );
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(named('dialog')).toBe('设置');
    expect(dialog.textContent).toContain('content');
    expect(closeButton()?.getAttribute('aria-label')).toBe('关闭');
    act(() => closeButton()!.click());
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a spinner is named in the page language', () => {
    const { el } = mount(<Spinner size={16} />, 'zh-CN');
    expect(el.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('加载中');
  });
});
