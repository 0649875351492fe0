/**
 * After a refused save, the first field in trouble is brought into sight and focused (a long form's problem may be
 * far above the Save button); with none (the server refused the save as a whole), the refusal's callout is shown.
 * Called a frame after the machine said so (`form.problems`), once the marks are drawn.
 */
export function showFirstProblem() {
  // The form in trouble on the page in sight (a tab's page kept hidden may hold a marked field of its own).
  const shown = (selector: string) =>
    [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.getClientRects().length > 0);
  const group = shown('form .bp6-form-group.bp6-intent-danger');
  const target = group ?? shown('form .kit-action-error');
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  const input = group?.querySelector<HTMLElement>(
    'input:not([type="hidden"]), textarea, [contenteditable="true"]',
  );
  input?.focus({ preventScroll: true });
}
