/**
 * The one toaster (Blueprint OverlayToaster). Machines emit toast intents; the app forwards them here.
 * Error toasts stay 5000 ms (SPEC §9), others 3000 ms; a long text stays longer, long enough to be read.
 */
import { OverlayToaster, Position, type ActionProps, type Intent, type Toaster } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { ToastEmitted } from '@/machines/app/intents';

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export interface ToastOptions {
  intent: Intent;
  message: string;
  timeout?: number;
  id?: string;
}

/** The name of a toast's ×, in the page's language (the app sets it as the language changes). */
let closeLabel = 'Close';

export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}

/**
 * A toast, its × drawn as its action (which dismisses it, as the × does), so that it is named in the page's language:
 * Blueprint names its own × "Close" in English whatever the language.
 */
export function showToast({ intent, message, timeout, id }: ToastOptions): void {
  const close = { icon: 'cross', 'aria-label': closeLabel } as ActionProps;
  void getToaster().then((t) =>
    t.show(
      {
        intent,
        message,
        timeout: timeout ?? toastTimeout(intent, message),
        isCloseButtonShown: false,
        action: close,
      },
      id,
    ),
  );
}

/** Reading time per character: about 15 Latin letters a second, 6 CJK characters. */
const READ_MS_LATIN = 67;
const READ_MS_CJK = 170;
/** Time to notice a toast before reading it. */
const NOTICE_MS = 1000;
const MAX_TOAST_MS = 10_000;

/**
 * How long a toast stays: 5000 ms for an error, 3000 ms otherwise, or as long as its text takes to read when that is
 * longer (at most 10 s).
 */
export function toastTimeout(intent: Intent, message: string): number {
  const base = intent === 'danger' ? 5000 : 3000;
  const reading = [...message].reduce((ms, char) => ms + (char >= '\u2e80' ? READ_MS_CJK : READ_MS_LATIN), 0);
  return Math.min(MAX_TOAST_MS, Math.max(base, NOTICE_MS + reading));
}

/** Dismisses every toast on screen (the session's `toasts.clear` after a successful login). */
export function clearToasts(): void {
  if (toaster) void toaster.then((t) => t.clear());
}

/**
 * A toast intent's words: what was done (`toast.<command>`) where the command has them, else its key's; then, if the
 * form has edits the command did not send, that they are not saved.
 */
export function toastText(t: TFunction, toast: ToastEmitted): string {
  const fallback = t(toast.key);
  const done = toast.command ? t(`toast.${toast.command}`, { defaultValue: fallback }) : fallback;
  return toast.unsavedEdits ? t('detail.toast.unsavedEdits', { done }) : done;
}
