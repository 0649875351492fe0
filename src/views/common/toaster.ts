/**
 * The one toaster (Blueprint OverlayToaster). Machines emit toast intents; the app forwards them here.
 * Error toasts stay 5000 ms (SPEC §9).
 */
import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';
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

export function showToast({ intent, message, timeout, id }: ToastOptions): void {
  void getToaster().then((t) =>
    t.show({ intent, message, timeout: timeout ?? (intent === 'danger' ? 5000 : 3000) }, id),
  );
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
