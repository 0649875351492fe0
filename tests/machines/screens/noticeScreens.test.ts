import { describe, expect, it } from 'vitest';
import type { NoticeDto } from '@/contract/notices';
import {
  automaticTitle,
  emptyNoticeForm,
  formOfNotice,
  isoOfLocal,
  localDateTimeOf,
  noticeChanges,
  noticeProblems,
  noticeScreen,
  refLinkOf,
  type NoticeForm,
} from '@/machines/screens/noticeScreens';
import { allowedAction, dialogProblem } from '@/machines/screens/screenEntity';
import { formWithChange, type Form } from '@/machines/screens/detailScreenMachine';
import { noticeRow } from './noticeFixtures';

const notice = noticeRow;

const orderNotice = notice({
  type: 'new_order',
  from_user_id: null,
  created_by: null,
  audience: 'supplier',
  to_user_id: 5,
  to_user_name: "Wang's Cleaning",
  title: 'New order SO20261120-00000007',
  audit_state: 'pass',
  ref: { kind: 'order', id: 7, orderNo: 'SO20261120-00000007' },
});

const may = (row: NoticeDto | null, type: string, role: string | null = 'admin') =>
  allowedAction(noticeScreen, row, type, role);

describe('a notice row as the lifecycle sees it', () => {
  it('offers the audit to an admin while it waits, and explains the rest', () => {
    expect(may(notice(), 'notice.approve')).toEqual({ ok: true });
    expect(may(notice(), 'notice.reject')).toEqual({ ok: true });
    expect(may(notice(), 'notice.approve', 'user')).toEqual({ ok: false, reasonKey: 'policy.adminOnly' });
    expect(may(notice({ audit_state: 'pass' }), 'notice.approve')).toMatchObject({
      ok: false,
      reasonKey: 'notice.reason.notWaiting',
    });
  });

  it('is edited while waiting or rejected; not once passed, nor when the system wrote it', () => {
    expect(may(notice(), 'notice.edit', 'user').ok).toBe(true);
    expect(
      may(notice({ audit_state: 'reject', audit_failed_reason: 'Vague' }), 'notice.edit', 'user').ok,
    ).toBe(true);
    expect(may(notice({ audit_state: 'pass' }), 'notice.edit', 'user')).toMatchObject({
      reasonKey: 'notice.reason.passedNoEdit',
    });
    expect(may(orderNotice, 'notice.edit', 'user')).toMatchObject({ reasonKey: 'notice.reason.automatic' });
  });

  it('enables a closed notice and closes an enabled one, for any staff member', () => {
    expect(may(notice(), 'notice.close', 'user').ok).toBe(true);
    expect(may(notice(), 'notice.enable', 'user')).toMatchObject({
      reasonKey: 'notice.reason.alreadyEnabled',
    });
    expect(may(notice({ is_enabled: false }), 'notice.enable', 'user').ok).toBe(true);
    expect(may(orderNotice, 'notice.close', 'user').ok).toBe(true);
  });

  it('writing one is the policy table’s answer; reading one in the apps is not staff work', () => {
    expect(may(null, 'notice.create', 'user')).toEqual({ ok: true });
    expect(may(notice({ audit_state: 'pass' }), 'notice.markRead', 'admin')).toEqual({
      ok: false,
      reasonKey: 'policy.appsOnly',
    });
  });

  it('a rejection without a reason is the lifecycle’s objection, before anything is sent', () => {
    expect(dialogProblem(noticeScreen, notice(), { type: 'notice.reject', reason: '  ' })).toBe(
      'notice.reason.reasonRequired',
    );
    expect(dialogProblem(noticeScreen, notice(), { type: 'notice.reject', reason: 'Too vague' })).toBeNull();
  });
});

describe('the notice form', () => {
  const valid = (o: Partial<NoticeForm> = {}): NoticeForm => ({
    ...emptyNoticeForm(new Date('2026-11-25T08:00:00Z')),
    title: 'Maintenance',
    content: '<p>Saturday night.</p>',
    ...o,
  });

  it('starts as a system notice to everyone, published now', () => {
    const form = emptyNoticeForm(new Date('2026-11-25T08:00:00Z'));
    expect(form).toMatchObject({ type: 'system', audience: 'everyone', recipient_id: '', title: '' });
    expect(isoOfLocal(form.notice_time)).toBe('2026-11-25T08:00:00.000Z');
  });

  it('is judged by the lifecycle’s rules: title, content, a recipient for a single audience, a time', () => {
    expect(noticeProblems(valid())).toEqual({});
    expect(noticeProblems(emptyNoticeForm())).toEqual({
      title: 'notice.validation.title',
      content: 'notice.validation.content',
    });
    expect(noticeProblems(valid({ title: ' '.repeat(3) })).title).toBe('notice.validation.title');
    expect(noticeProblems(valid({ title: 'x'.repeat(101) })).title).toBe('notice.validation.title');
    expect(noticeProblems(valid({ content: '<p><br></p>' })).content).toBe('notice.validation.content');
    expect(noticeProblems(valid({ content: '<p><img src="/uploads/a.png"></p>' }))).toEqual({});
    expect(noticeProblems(valid({ audience: 'supplier' })).recipient_id).toBe(
      'notice.form.recipientRequired.supplier',
    );
    expect(noticeProblems(valid({ audience: 'customer', recipient_id: 'abc' })).recipient_id).toBe(
      'notice.form.recipientRequired.customer',
    );
    expect(noticeProblems(valid({ audience: 'customer', recipient_id: '12' }))).toEqual({});
    expect(noticeProblems(valid({ notice_time: '' })).notice_time).toBe('notice.form.noticeTimeInvalid');
    // A slip of the keyboard into another century is said before anything is sent, as the server would refuse it.
    expect(noticeProblems(valid({ notice_time: '0001-01-01T09:00' })).notice_time).toBe('detail.time.years');
    expect(noticeProblems(valid({ notice_time: '2100-06-01T09:00' })).notice_time).toBe('detail.time.years');
    expect(noticeProblems(valid({ notice_time: '2099-06-01T09:00' }))).toEqual({});
  });

  it('a new notice sends its whole create body; a broadcast names no recipient', () => {
    expect(noticeChanges(null, valid({ title: '  Maintenance  ', recipient_id: '9' }))).toEqual({
      type: 'system',
      title: 'Maintenance',
      content: '<p>Saturday night.</p>',
      audience: 'everyone',
      notice_time: '2026-11-25T08:00:00.000Z',
    });
    expect(noticeChanges(null, valid({ audience: 'supplier', recipient_id: ' 9 ' }))).toMatchObject({
      audience: 'supplier',
      recipient_id: 9,
    });
  });

  it('an edit sends only what changed (a title as the server keeps it, trimmed)', () => {
    const row = notice();
    const form = formOfNotice(row);
    expect(noticeChanges(row, form)).toEqual({});
    expect(noticeChanges(row, { ...form, title: ' How refunds work ' })).toEqual({});
    expect(noticeChanges(row, { ...form, title: 'How refunds work now' })).toEqual({
      title: 'How refunds work now',
    });
    expect(noticeChanges(row, { ...form, notice_time: localDateTimeOf('2026-12-01T10:00:00Z') })).toEqual({
      notice_time: '2026-12-01T10:00:00.000Z',
    });
  });

  it('a change of audience always says who it is for now', () => {
    const broadcast = notice();
    expect(
      noticeChanges(broadcast, { ...formOfNotice(broadcast), audience: 'supplier', recipient_id: '5' }),
    ).toEqual({ audience: 'supplier', recipient_id: 5 });
    const single = notice({ audience: 'supplier', to_user_id: 5, to_user_name: 'Wang' });
    expect(formOfNotice(single).recipient_id).toBe('5');
    expect(noticeChanges(single, { ...formOfNotice(single), audience: 'customer' })).toEqual({
      audience: 'customer',
      recipient_id: 5,
    });
    expect(noticeChanges(single, { ...formOfNotice(single), audience: 'suppliers' })).toEqual({
      audience: 'suppliers',
      recipient_id: null,
    });
    expect(noticeChanges(single, { ...formOfNotice(single), recipient_id: '6' })).toEqual({
      recipient_id: 6,
    });
  });

  it('drops the recipient when the audience changes: supplier 5 is not customer 5', () => {
    const single = formOfNotice(notice({ audience: 'supplier', to_user_id: 5, to_user_name: 'Wang' }));
    const noticeFormWith = (form: NoticeForm, field: string, value: unknown) =>
      formWithChange(noticeScreen, form as unknown as Form, field, value);
    expect(noticeFormWith(single, 'audience', 'customer')).toMatchObject({
      audience: 'customer',
      recipient_id: '',
    });
    expect(noticeFormWith(single, 'audience', 'everyone')).toMatchObject({
      audience: 'everyone',
      recipient_id: '',
    });
    // The same audience chosen again, or another field changed, keeps the recipient.
    expect(noticeFormWith(single, 'audience', 'supplier')).toEqual(single);
    expect(noticeFormWith(single, 'title', 'Rates')).toEqual({ ...single, title: 'Rates' });
    expect(noticeFormWith(single, 'recipient_id', '6')).toEqual({ ...single, recipient_id: '6' });
  });

  it('keeps the publish time in the browser’s time zone, to the minute', () => {
    const local = localDateTimeOf('2026-11-20T09:30:45.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(isoOfLocal(local)).toBe('2026-11-20T09:30:00.000Z');
    expect(localDateTimeOf('not a time')).toBe('');
    expect(isoOfLocal('2026-11-20')).toBeNull();
    expect(isoOfLocal('2026-13-40T25:99')).toBeNull();
  });
});

describe('notices the system wrote', () => {
  it('are titled from what they are about, for the view to say in the reader’s language', () => {
    expect(automaticTitle(orderNotice)).toEqual({
      key: 'notice.auto.newOrder',
      values: { orderNo: 'SO20261120-00000007' },
    });
    expect(automaticTitle({ ref: { kind: 'renewal', id: 3, orderNo: 'SO-1' } })?.key).toBe(
      'notice.auto.renewOrder',
    );
    expect(automaticTitle(notice())).toBeNull();
  });

  it('lead to the order, or to the renewals of the order', () => {
    expect(refLinkOf(orderNotice)).toBe('/order/detail?id=7');
    expect(refLinkOf({ ref: { kind: 'renewal', id: 3, orderNo: 'SO-1' } })).toBe('/order/renew?q=SO-1');
    expect(refLinkOf(notice())).toBeNull();
  });
});
