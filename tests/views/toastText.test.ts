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

  it('says when the form has edits the command did not save', () => {
    const en = createI18n('en-US').t;
    expect(toastText(en, { ...done, command: 'supplier.resubmit', unsavedEdits: true })).toMatch(
      /^\S.* Your changes to the form are not saved yet: save them, or reload to drop them\.$/,
    );
    const zh = createI18n('zh-CN').t;
    expect(toastText(zh, { ...done, unsavedEdits: true })).toBe(
      '操作成功。表单中的修改尚未保存：请保存，或刷新页面放弃修改。',
    );
  });

  it('in Chinese too', () => {
    const zh = createI18n('zh-CN').t;
    expect(toastText(zh, { ...done, command: 'refund.send' })).toBe('退款已发放。');
    expect(toastText(zh, { ...done, command: 'project.rank' })).toBe('操作成功。');
  });
});
