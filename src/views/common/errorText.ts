/**
 * Translates an ErrorText (src/machines/app/apiErrors.ts) or any rejected call's error: the first of its keys
 * that has a text in the current language (falling back to en-US), else the server's own message.
 */
import type { TFunction } from 'i18next';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';

type Translate = TFunction | ((key: string | string[], options?: Record<string, unknown>) => string);

export function errorMessage(t: Translate, text: ErrorText): string {
  if (text.keys.length === 0) return text.message;
  return (t as (key: string[], options: Record<string, unknown>) => string)(text.keys, {
    ...text.values,
    defaultValue: text.message,
  });
}

/** The translated text for whatever a call rejected with (the global error toast). */
export const apiErrorMessage = (t: Translate, error: unknown): string => errorMessage(t, errorTextOf(error));
