import { afterAll } from 'vitest';

// Imported first by a test file whose lists must count on every request: a count remembered at its cap
// (server/kit/rememberedCounts.ts) would answer the other orders, cursors and tabs of a search without the counting
// such a file is about. Set before the server's modules load (this import comes before theirs), and put back after
// the file, for the test files its worker runs next.
const before = process.env.LIST_COUNTS_MEMORY_MS;
process.env.LIST_COUNTS_MEMORY_MS = '0';
afterAll(() => {
  if (before === undefined) delete process.env.LIST_COUNTS_MEMORY_MS;
  else process.env.LIST_COUNTS_MEMORY_MS = before;
});
