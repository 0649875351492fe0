/**
 * Why a page could not be loaded, from the error its route raised: its stylesheet did not arrive (the bundler's
 * CSS chunk loader fails with `CSS_CHUNK_LOAD_FAILED`), its script did not (`ChunkLoadError`, or the browser's
 * own message for a failed `import()`), or the page itself failed (anything else).
 */
export type LoadFailure = 'stylesheet' | 'script' | 'page';

export function loadFailureOf(error: unknown): LoadFailure {
  const e = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (e.code === 'CSS_CHUNK_LOAD_FAILED') return 'stylesheet';
  if (e.name === 'ChunkLoadError') return 'script';
  if (
    typeof e.message === 'string' &&
    /dynamically imported module|Loading chunk .* failed/.test(e.message)
  ) {
    return 'script';
  }
  return 'page';
}
