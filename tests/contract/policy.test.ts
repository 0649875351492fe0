import { expect, it } from 'vitest';
import { POLICY, mayRole } from '@/contract/policy';
import { messagesFor } from '@/i18n/index';
import { commissionLifecycle } from '@/machines/lifecycles/commissionLifecycle';
import { customerLifecycle } from '@/machines/lifecycles/customerLifecycle';
import { feedbackLifecycle } from '@/machines/lifecycles/feedbackLifecycle';
import type { AnyLifecycle } from '@/machines/lifecycles/lifecycle';
import { noticeLifecycle } from '@/machines/lifecycles/noticeLifecycle';
import { orderLifecycle } from '@/machines/lifecycles/orderLifecycle';
import { projectLifecycle } from '@/machines/lifecycles/projectLifecycle';
import { refundLifecycle } from '@/machines/lifecycles/refundLifecycle';
import { renewalLifecycle } from '@/machines/lifecycles/renewalLifecycle';
import { serviceCityLifecycle } from '@/machines/lifecycles/serviceCityLifecycle';
import { supplierLifecycle } from '@/machines/lifecycles/supplierLifecycle';

const LIFECYCLES: AnyLifecycle[] = [
  supplierLifecycle,
  projectLifecycle,
  serviceCityLifecycle,
  commissionLifecycle,
  customerLifecycle,
  orderLifecycle,
  renewalLifecycle,
  refundLifecycle,
  noticeLifecycle,
  feedbackLifecycle,
];

it('lists every command of every lifecycle, and reading, in the policy table', () => {
  const missing = LIFECYCLES.flatMap((l) =>
    [...l.commandTypes, `${l.name}.read`].filter((action) => !(action in POLICY)),
  );
  expect(missing).toEqual([]);
});

it('refuses unknown actions and unknown roles', () => {
  expect(mayRole('admin', 'supplier.nope')).toBe(false);
  expect(mayRole('guest', 'supplier.read')).toBe(false);
  expect(mayRole(null, 'supplier.read')).toBe(false);
  expect(mayRole('user', 'supplier.read')).toBe(true);
});

it('has a text in both languages for every refusal a lifecycle or the policy can give', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const messages = messagesFor(locale);
    const keys = [
      'policy.adminOnly',
      'policy.appsOnly',
      'policy.never',
      ...LIFECYCLES.flatMap((l) => Object.keys(l.reasons).map((r) => `${l.reasonPrefix}.${r}`)),
      ...LIFECYCLES.map((l) => `errors.notFound.${l.name}`),
    ];
    expect(
      keys.filter((k) => !(k in messages) && !(`${k}_other` in messages)),
      locale,
    ).toEqual([]);
  }
});

it('says the limits a refusal names in both languages, as the lifecycle does', () => {
  // "a reason is required (at most 500 characters)": the console's text names 500 too, not only "required".
  const numbers = (text: string) => (text.match(/\d[\d,]*/g) ?? []).map((n) => n.replaceAll(',', ''));
  const unsaid: string[] = [];
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const messages = messagesFor(locale);
    for (const l of LIFECYCLES) {
      for (const [reason, english] of Object.entries(l.reasons)) {
        const key = `${l.reasonPrefix}.${reason}`;
        const text = messages[key] ?? messages[`${key}_other`] ?? '';
        const said = numbers(text);
        for (const n of numbers(english)) if (!said.includes(n)) unsaid.push(`${locale} ${key}: ${n}`);
      }
    }
  }
  expect(unsaid).toEqual([]);
});

it('has a text in both languages for every reason key the server names', async () => {
  const { readdirSync, readFileSync, statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });
  const { REASON, REASON_CLIENT_ERROR, REASON_OF_CODE, REASON_TOO_MANY_REQUESTS_LATER } =
    await import('@/contract/errors');
  const keys = new Set<string>([
    ...Object.values(REASON),
    ...Object.values(REASON_OF_CODE),
    REASON_CLIENT_ERROR,
    REASON_TOO_MANY_REQUESTS_LATER,
  ]);
  for (const file of [
    ...files('server'),
    'src/machines/lifecycles/supplierProfile.ts',
    'src/machines/lifecycles/projectDetails.ts',
  ]) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:reason_key|key|reasonKey)\s*:\s*'([a-z]+\.[a-zA-Z.]+)'/g))
      keys.add(m[1]);
  }
  expect(keys.size).toBeGreaterThan(15);
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const messages = messagesFor(locale);
    expect(
      [...keys].filter((k) => !(k in messages) && !(`${k}_other` in messages)),
      locale,
    ).toEqual([]);
  }
});
