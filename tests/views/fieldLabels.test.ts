import { describe, expect, it } from 'vitest';
import { emptyProjectForm } from '@/machines/lifecycles/projectDetails';
import { emptyProfile } from '@/machines/lifecycles/supplierProfile';
import { emptyActivityForm } from '@/machines/screens/activityScreens';
import { emptyNoticeForm } from '@/machines/screens/noticeScreens';
import { messagesFor } from '@/i18n';

/**
 * A detail page labels a field, and its history names a field an edit changed, by `<page>.field.<the API's name>`:
 * every field of each form has that text, in both languages (a history line never shows a raw key).
 */
describe('the label of every field of a detail form', () => {
  it.each([
    ['project.field.', Object.keys(emptyProjectForm())],
    ['supply.field.', Object.keys(emptyProfile())],
    ['activity.field.', Object.keys(emptyActivityForm())],
    ['notice.field.', Object.keys(emptyNoticeForm())],
  ])('%s… exists in en-US and zh-CN', (prefix, fields) => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const messages = messagesFor(locale) as Record<string, string>;
      const missing = fields.filter((field) => !(`${prefix}${field}` in messages));
      expect(missing, locale).toEqual([]);
    }
  });
});
