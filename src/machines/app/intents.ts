/**
 * Intents machines emit for the views to carry out (machines never touch the UI). A toast names an i18n key;
 * `message` is an untranslated server text shown as is (SPEC §8 shows err_msg verbatim).
 */
export type ToastIntent = 'primary' | 'success' | 'warning' | 'danger';

export interface ToastEmitted {
  type: 'toast';
  intent: ToastIntent;
  key: string;
  message?: string;
  /** ms (0: until dismissed); left out, the toaster gives the reading time its text takes (src/views/common/toaster.ts). */
  timeout?: number;
  /** A toast with the same id replaces the previous one (loading → success). */
  id?: string;
  /** The command a "done" toast is for: the view says what was done (`toast.<command>`) where it has the words. */
  command?: string;
  /** A command done while the form has edits it did not save: the view says they are still to be saved. */
  unsavedEdits?: boolean;
}

/** Dismiss every toast on screen (e.g. errors left from failed logins once the user is signed in). */
export interface ToastsClearEmitted {
  type: 'toasts.clear';
}
