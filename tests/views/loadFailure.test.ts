import { expect, it } from 'vitest';
import { loadFailureOf } from '@/app/loadFailure';

it("tells a page's missing stylesheet from its missing script and from a page that failed", () => {
  const css = Object.assign(new Error('Loading CSS chunk 12 failed.\n(error: /static/css/async/12.css)'), {
    code: 'CSS_CHUNK_LOAD_FAILED',
  });
  expect(loadFailureOf(css)).toBe('stylesheet');
  const chunk = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
  expect(loadFailureOf(chunk)).toBe('script');
  expect(loadFailureOf(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe('script');
  expect(loadFailureOf(new Error('Loading chunk 7 failed.'))).toBe('script');
  expect(loadFailureOf(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe('page');
  expect(loadFailureOf(null)).toBe('page');
  expect(loadFailureOf({ status: 404 })).toBe('page');
});
