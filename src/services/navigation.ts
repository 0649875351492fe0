/** Full page reload ("Re-Login" in the Confirm logout modal reloads after logging out, SPEC §8). */
export function reloadPage(): void {
  if (typeof window !== 'undefined') window.location.reload();
}
