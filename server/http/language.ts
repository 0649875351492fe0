import i18next, { type i18n as I18n } from 'i18next';
import { messagesFor } from '../../src/i18n/messages';

/**
 * A refusal said in the caller's language. `err_msg` is the server's English text unless the request's
 * `Accept-Language` prefers Chinese: then it is the zh-CN text of `data.reason_key` filled in with `data.values`,
 * the very text the console shows, after the field it is about where the text does not name it (a form's texts
 * stand under their field: "name：最多 50 个字符"). The English text stays where zh-CN has none to give
 * (tests/server check that every refusal they make has one).
 */
export function messageInLanguage(
  english: string,
  data: unknown,
  acceptLanguage: string | string[] | undefined,
) {
  if (!prefersChinese(acceptLanguage)) return english;
  const reason = (data && typeof data === 'object' ? data : {}) as {
    reason_key?: unknown;
    values?: unknown;
    field?: unknown;
  };
  if (typeof reason.reason_key !== 'string') return english;
  const values =
    reason.values && typeof reason.values === 'object' ? (reason.values as Record<string, unknown>) : {};
  const i18n = chinese();
  if (!i18n.exists(reason.reason_key, values)) return english;
  const text = i18n.t(reason.reason_key, values);
  if (text.includes('{{')) return english;
  const field = typeof reason.field === 'string' ? reason.field : '';
  return field && !text.includes(field) ? `${field}：${text}` : text;
}

/**
 * Whether the language a client ranks first (`zh-CN,zh;q=0.9,en;q=0.8`: by q, the first of equals) is Chinese.
 * A range with q=0 is one it refuses; `*` or no header at all is English, the server's own language.
 */
export function prefersChinese(header: string | string[] | undefined): boolean {
  const ranges = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  let best: { tag: string; q: number } | null = null;
  for (const range of ranges) {
    const [tag = '', ...parameters] = range.split(';').map((part) => part.trim());
    if (tag === '') continue;
    const qParameter = parameters.find((p) => /^q=/i.test(p));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best !== null && /^zh(-|$)/i.test(best.tag);
}

/**
 * The console's en-US text of `key` filled in with `values`: a refusal whose English is its reason's own words (a
 * rule the console states under its field), so the API says it as the console does; null when there is none.
 */
export function englishText(key: string, values: Record<string, unknown> = {}): string | null {
  const i18n = translator('en-US');
  if (!i18n.exists(key, values)) return null;
  const text = i18n.t(key, values);
  return text.includes('{{') ? null : text;
}

const translators = new Map<string, I18n>();

const chinese = () => translator('zh-CN');

/** i18next with the console's texts in `lng`, made when first needed (no fallback: each caller has its own). */
function translator(lng: 'zh-CN' | 'en-US'): I18n {
  const made = translators.get(lng);
  if (made) return made;
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: messagesFor(lng) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  translators.set(lng, i18n);
  return i18n;
}
