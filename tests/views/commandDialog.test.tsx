// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { CommandDialog } from '@/views/kit/listScreen';
import { mount } from './support/mount';

describe('the command dialog', () => {
  it('asks a plain question for a command its page declares no dialog for, and answers both ways', () => {
    const sent: string[] = [];
    mount(
      <CommandDialog
        dialog={{ field: '', value: '', problem: null }}
        declaration={undefined}
        send={(event) => sent.push(event.type)}
      />,
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

  it('starts on Cancel: Enter right away sends nothing', () => {
    const declared = { title: 'Delete city', label: 'Delete “Xiamen”?', confirm: 'Delete' };
    mount(
      <CommandDialog
        dialog={{ field: '', value: '', problem: null }}
        declaration={declared}
        send={() => undefined}
      />,
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
  });
});
