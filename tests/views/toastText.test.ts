import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { toastText, toastTimeout } from '@/views/common/toaster';

// A "done" toast says what was done where the command has words for it, else that it was done.

describe('a done toast', () => {
  const done = { type: 'toast', intent: 'success', key: 'list.toast.done' } as const;
  it('names the command done, or falls back to its own words', () => {
    const en = createI18n('en-US').t;
    expect(toastText(en, { ...done, command: 'refund.grant' })).toBe('Refund granted.');
    expect(toastText(en, { ...done, command: 'customer.close' })).toBe('Account closed.');
    expect(toastText(en, { ...done, command: 'notice.approve' })).toBe('Notice approved.');
    expect(toastText(createI18n('zh-CN').t, { ...done, command: 'activity.end' })).toBe('活动已结束。');
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

  it('stays long enough to be read: 3 s, 5 s for an error, longer for a long text, at most 10 s', () => {
    expect(toastTimeout('success', 'Saved.')).toBe(3000);
    expect(toastTimeout('danger', 'Internal server error')).toBe(5000);
    const en = createI18n('en-US').t;
    const warning = toastText(en, { ...done, command: 'supplier.resubmit', unsavedEdits: true });
    expect(toastTimeout('warning', warning)).toBe(1000 + [...warning].length * 67);
    // A Chinese character takes longer to read than a Latin letter: the same warning in Chinese stays about as long.
    const zh = createI18n('zh-CN').t;
    const zhWarning = toastText(zh, { ...done, unsavedEdits: true });
    expect(toastTimeout('warning', zhWarning)).toBe(1000 + [...zhWarning].length * 170);
    expect(toastTimeout('warning', zhWarning)).toBeGreaterThan(5000);
    expect(toastTimeout('danger', 'x'.repeat(500))).toBe(10_000);
  });

  it('in Chinese too', () => {
    const zh = createI18n('zh-CN').t;
    expect(toastText(zh, { ...done, command: 'refund.send' })).toBe('退款已发放。');
    expect(toastText(zh, { ...done, command: 'project.rank' })).toBe('操作成功。');
  });
});
