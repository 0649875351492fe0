import { describe, expect, it } from 'vitest';
import { appRoutes } from '@/app/routes';
import { AREAS, createI18n, joinSentences, messagesFor } from '@/i18n';

describe('i18n resources', () => {
  it('zh-CN and en-US have the same keys in every area, none empty', () => {
    expect(AREAS['zh-CN']).toHaveLength(AREAS['en-US'].length);
    AREAS['zh-CN'].forEach((zh, i) => {
      const en = AREAS['en-US'][i]!;
      expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
      for (const v of [...Object.values(zh), ...Object.values(en)]) expect(v.trim()).not.toBe('');
    });
  });

  it('has a text in both locales for every route locale key', () => {
    const keys: string[] = [];
    const visit = (rs: typeof appRoutes) =>
      rs.forEach((r) => {
        if (r.meta.locale) keys.push(r.meta.locale);
        if (r.children) visit(r.children);
      });
    visit(appRoutes);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const messages = messagesFor(locale);
      expect(keys.filter((k) => !(k in messages))).toEqual([]);
    }
  });

  it('keeps the SPEC texts verbatim in en-US', () => {
    const t = createI18n('en-US').t;
    expect(t('login.form.userName.errMsg')).toBe('Username cannot be empty');
    expect(t('login.form.password.errMsg')).toBe('Password cannot be empty');
    expect(t('login.form.login.errMsg')).toBe('Login error, refresh and try again');
    expect(t('session.expired.title')).toBe('Confirm logout');
    expect(t('session.expired.content')).toBe(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    expect(t('session.expired.relogin')).toBe('Re-Login');
    expect(t('exception.result.403.description')).toBe('Access to this resource on the server is denied.');
    expect(t('exception.result.404.description')).toBe('Whoops, this page is gone.');
    expect(t('exception.result.500.description')).toBe('Internal server error');
  });

  it('falls back to en-US for a key missing in zh-CN', () => {
    const i18n = createI18n('zh-CN');
    i18n.addResource('en-US', 'translation', 'only.in.english', 'Only in English');
    expect(i18n.t('only.in.english')).toBe('Only in English');
  });
});

describe("a renewal's length", () => {
  it('reads as a count of its unit in either language', () => {
    const zh = createI18n('zh-CN').t;
    const en = createI18n('en-US').t;
    expect(en('renewal.units', { count: 1, unit: en('project.unit.hour') })).toBe('1 hour');
    expect(en('renewal.units', { count: 3, unit: en('project.unit.day') })).toBe('3 days');
    expect(zh('renewal.units', { count: 2, unit: zh('project.unit.hour') })).toBe('2 小时');
  });
});

describe('sentences said together', () => {
  it('are spaced in English and not in Chinese', () => {
    expect(joinSentences(['Not an amount.', 'The list still uses “from ¥500.00”.'], 'en-US')).toBe(
      'Not an amount. The list still uses “from ¥500.00”.',
    );
    expect(joinSentences(['金额无效。', '列表仍按“¥500.00 起”筛选。'], 'zh-CN')).toBe(
      '金额无效。列表仍按“¥500.00 起”筛选。',
    );
  });
});

describe("a city's suppliers", () => {
  it('read as one or many in English', () => {
    const en = createI18n('en-US').t;
    expect(en('system.city.reason.inUse', { count: 1 })).toBe('1 supplier is in this city: close it instead');
    expect(en('system.city.reason.inUse', { count: 7 })).toBe(
      '7 suppliers are in this city: close it instead',
    );
    expect(en('system.city.reason.inUseRename', { count: 1 })).toMatch(
      /^1 supplier is in this city: move it /,
    );
    expect(en('system.city.renameNote', { count: 2 })).toMatch(
      /^2 suppliers are in this city: only the case/,
    );
  });
});
