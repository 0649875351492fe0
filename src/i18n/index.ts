/**
 * i18next for the console: zh-CN (default) and en-US (fallback), flat dotted keys; the texts are in ./messages.ts.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messagesFor } from './messages';

export { AREAS, messagesFor } from './messages';

export function createI18n(locale: string): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en-US',
    supportedLngs: ['zh-CN', 'en-US'],
    resources: {
      'zh-CN': { translation: messagesFor('zh-CN') },
      'en-US': { translation: messagesFor('en-US') },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return instance;
}

/** Sentences said together: a space between English ones, none between Chinese ones (each ends in its own 。). */
export function joinSentences(sentences: string[], language: string): string {
  return sentences.join(language.startsWith('zh') ? '' : ' ');
}
