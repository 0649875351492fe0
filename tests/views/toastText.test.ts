import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { toastText } from '@/views/common/toaster';

// A "done" toast says what was done where the command has words for it, else that it was done.

describe('a done toast', () => {
  const done = { type: 'toast', intent: 'success', key: 'list.toast.done' } as const;
  it('names the command done, or falls back to its own words', () => {
    const en = createI18n('en-US').t;
    expect(toastText(en, { ...done, command: 'refund.grant' })).toBe('Refund granted.');
    expect(toastText(en, { ...done, command: 'customer.close' })).toBe('Account closed.');
    expect(toastText(en, { ...done, command: 'project.rank' })).toBe('Done.');
    expect(toastText(en, done)).toBe('Done.');
  });

  it('in Chinese too', () => {
    const zh = createI18n('zh-CN').t;
    expect(toastText(zh, { ...done, command: 'refund.send' })).toBe('退款已发放。');
    expect(toastText(zh, { ...done, command: 'project.rank' })).toBe('操作成功。');
  });
});
