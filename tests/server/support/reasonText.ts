import i18next, { type i18n as I18n } from 'i18next';
import { expect } from 'vitest';
import { messagesFor } from '@/i18n/index';

/**
 * Every refusal can be said in both languages: its `data.reason_key` has a text in each locale, and that text
 * filled in with `data.values` (as the console does, with i18next) leaves no placeholder unfilled and no value
 * empty (not "must be one of: ." nor ", ranking"). A key whose texts are plural forms (`errors.tooManyRequests_one`
 * / `_other`) only has a text with a `count`.
 */

const LOCALES = ['en-US', 'zh-CN'] as const;

/** One i18next per locale, without a fallback language: a text missing in zh-CN is not hidden by the en-US one. */
const RENDERERS: ReadonlyArray<[string, I18n]> = LOCALES.map((locale) => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: locale,
    fallbackLng: false,
    // The console's own table: every area of src/i18n/locales/<locale>/, as the console loads them.
    resources: { [locale]: { translation: messagesFor(locale) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return [locale, i18n];
});

/** What is wrong with the reason of a refusal's `data` (null when it can be said in both languages). */
export function reasonTextProblem(data: unknown): string | null {
  const reason = (data && typeof data === 'object' ? data : {}) as { reason_key?: unknown; values?: unknown };
  const key = reason.reason_key;
  if (typeof key !== 'string' || key === '') return 'names no reason key';
  if (reason.values !== undefined && (reason.values === null || typeof reason.values !== 'object'))
    return `has values that are not an object: ${JSON.stringify(reason.values)}`;
  const values = (reason.values ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' && typeof value !== 'number') return `has a value ${name} that is not text`;
    if (typeof value === 'string' && value.trim() === '') return `has an empty value ${name} for ${key}`;
    // A list of choices ("ranking, name") with an empty one renders ", ranking, name".
    if (typeof value === 'string' && value.split(',').some((item) => item.trim() === ''))
      return `has a value ${name} listing an empty item (${JSON.stringify(value)}) for ${key}`;
  }
  for (const [locale, i18n] of RENDERERS) {
    if (!i18n.exists(key, values))
      return `has no ${locale} text for ${key} with values ${JSON.stringify(values)}`;
    const text = i18n.t(key, values);
    if (text.includes('{{')) return `renders ${JSON.stringify(text)} in ${locale} (${key})`;
    // A text nested in it ($t(notice.reader.{{audience}})) must exist for these values: i18next would show its key.
    const template = String(i18n.getResource(locale, 'translation', key) ?? '');
    for (const [, nested] of template.matchAll(/\$t\(([^),]+)/g)) {
      const resolved = nested!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
      if (!i18n.exists(resolved)) return `nests ${resolved}, which has no ${locale} text (${key})`;
    }
  }
  return null;
}

/** Fails unless the refusal's `data` names a reason key whose text renders in both locales; returns the key. */
export function expectReasonText(data: unknown, context = ''): string {
  expect(reasonTextProblem(data), `${context} ${JSON.stringify(data)}`.trim()).toBeNull();
  return String((data as { reason_key: string }).reason_key);
}

/** The text of a refusal's reason in `locale`, as the console shows it. */
export function reasonText(
  data: { reason_key: string; values?: Record<string, unknown> },
  locale: string,
): string {
  const i18n = RENDERERS.find(([name]) => name === locale)?.[1];
  if (!i18n) throw new Error(`no locale ${locale}`);
  return i18n.t(data.reason_key, data.values ?? {});
}
