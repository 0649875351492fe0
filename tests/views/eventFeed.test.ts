import { describe, expect, it } from 'vitest';
import type { WorkplaceEvent } from '@/contract/workplace';
import { createI18n } from '@/i18n';
import { eventWords, timeAgo } from '@/views/dashboard/eventFeed';

const event = (over: Partial<WorkplaceEvent>): WorkplaceEvent => ({
  position: 1,
  stream_type: 'supplier',
  stream_id: '7',
  type: 'SupplierApproved',
  occurred_at: '2026-11-26T10:00:00.000Z',
  actor: { id: 2, name: 'Li Min', email: 'li@example.com' },
  title: "Wang's Elder Care",
  ...over,
});

describe('a staff event in words', () => {
  const en = createI18n('en-US').t;
  const zh = createI18n('zh-CN').t;

  it("says who, what kind of record and which, what happened (its history's label), and links to it", () => {
    expect(eventWords(en, event({}))).toEqual({
      actor: 'Li Min',
      kind: 'Supplier',
      title: "Wang's Elder Care",
      what: 'Approved',
      href: '/supply/detail?id=7',
    });
    expect(eventWords(zh, event({}))).toMatchObject({
      kind: '供应商',
      what: zh('supply.event.SupplierApproved'),
    });
  });

  it('links a record shown inside another page nowhere, and names the facts other pages do not', () => {
    expect(
      eventWords(en, event({ stream_type: 'refund', type: 'RefundGranted', title: 'SO1' })),
    ).toMatchObject({
      kind: 'Refund of order',
      what: 'Granted',
      href: null,
    });
    expect(eventWords(en, event({ stream_type: 'feedback', type: 'FeedbackReplied' }))).toMatchObject({
      what: 'Answered',
      href: '/feedback/feedbackdetail?id=7',
    });
  });

  it('names every fact of a renewal, a refund and feedback, in both languages (no page of their own labels them)', () => {
    const facts = {
      renewal: ['RenewalRequested', 'RenewalPaid', 'RenewalConfirmed', 'RenewalSettled', 'RenewalDeclined'],
      refund: ['RefundRequested', 'RefundGranted', 'RefundRejected', 'RefundSent'],
      feedback: ['FeedbackSubmitted', 'FeedbackMessageAdded', 'FeedbackReplied', 'FeedbackResolved'],
    };
    // What a renewal's refund does to the renewal's own stream.
    facts.renewal.push('RefundReserved', 'RefundReleased', 'RenewalRefunded');
    for (const [stream_type, types] of Object.entries(facts))
      for (const type of types)
        for (const t of [en, zh]) {
          const { what } = eventWords(t, event({ stream_type, type }));
          expect(what, `${stream_type} ${type}`).not.toBe(t('workplace.event.changed'));
        }
    // A refund sent is money returned, not a sign-out.
    expect(eventWords(zh, event({ stream_type: 'refund', type: 'RefundSent' })).what).toBe(
      zh('refund.state.sent'),
    );
  });

  it('says "changed" for a fact whose label needs its values, or that has no label, and "someone" for nobody', () => {
    const ranked = eventWords(en, event({ stream_type: 'service_city', type: 'ServiceCityRanked' }));
    expect(ranked.what).toBe('Changed');
    expect(eventWords(en, event({ type: 'SomethingNew' })).what).toBe('Changed');
    const settings = eventWords(
      en,
      event({ stream_type: 'global_configs', stream_id: 'global', type: 'GlobalConfigsUpdated' }),
    );
    expect(settings).toMatchObject({ kind: 'System settings', what: 'Changed', href: null });
    expect(eventWords(en, event({ actor: { id: null, name: null, email: 'x@example.com' } })).actor).toBe(
      'x@example.com',
    );
    expect(eventWords(en, event({ actor: { id: null, name: null, email: null } })).actor).toBe('Someone');
  });
});

describe('how long ago', () => {
  const now = new Date('2026-11-26T10:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('in the largest whole unit, in the language', () => {
    expect(timeAgo(ago(20_000), now, 'en-US')).toBe('now');
    expect(timeAgo(ago(60_000), now, 'en-US')).toBe('1 minute ago');
    expect(timeAgo(ago(2 * 60_000 + 59_000), now, 'en-US')).toBe('2 minutes ago');
    expect(timeAgo(ago(3 * 3_600_000), now, 'en-US')).toBe('3 hours ago');
    expect(timeAgo(ago(86_400_000), now, 'en-US')).toBe('yesterday');
    expect(timeAgo(ago(3 * 86_400_000), now, 'en-US')).toBe('3 days ago');
    expect(timeAgo(ago(2 * 60_000), now, 'zh-CN')).toBe('2分钟前');
  });
});
