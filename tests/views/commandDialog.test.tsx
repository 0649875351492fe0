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

  it('counts a reason against its limit as it is typed (trimmed, as the lifecycle counts), marked once over', () => {
    const declared = { title: 'Reject', label: 'Reason', confirm: 'Reject', multiline: true, maxLength: 5 };
    const dialog = (value: string, problem: string | null = null) => (
      <CommandDialog
        dialog={{ field: 'reason', value, problem }}
        declaration={declared}
        send={() => undefined}
      />
    );
    const { rerender } = mount(dialog('  abcde  '));
    const count = () => document.querySelector('[data-testid="char-count"]')!;
    expect(count().textContent).toBe('5 / 5');
    expect(count().classList.contains('kit-count-over')).toBe(false);
    // A character beyond the first 65,536 is one, as the lifecycles and the API's schemas count it.
    rerender(dialog('𠮷😀𠮷😀𠮷'));
    expect(count().textContent).toBe('5 / 5');
    expect(count().classList.contains('kit-count-over')).toBe(false);
    rerender(dialog('abcdef', 'notice.reason.reasonRequired'));
    expect(count().textContent).toBe('6 / 5');
    expect(count().classList.contains('kit-count-over')).toBe(true);
    // The problem stays beside the count.
    expect(document.querySelector('.kit-counted')!.textContent).toContain('A reason of 1 to 200 characters');
  });

  it('counts nothing for a value without a declared limit', () => {
    const declared = { title: 'Rank', label: 'Ranking', confirm: 'Save' };
    mount(
      <CommandDialog
        dialog={{ field: 'ranking', value: '12', problem: null }}
        declaration={declared}
        send={() => undefined}
      />,
    );
    expect(document.querySelector('[data-testid="char-count"]')).toBeNull();
  });
});
