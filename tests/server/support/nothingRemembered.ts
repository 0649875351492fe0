import { afterAll } from 'vitest';

// Imported first by a test file whose lists must read everything on every request: a count remembered at its cap or a
// deep page's place (server/kit/listMemory.ts) would answer the other orders, cursors, tabs and pages of a search
// without the reading such a file is about. Set before the server's modules load (this import comes before theirs),
// and put back after the file, for the test files its worker runs next.
const before = process.env.LIST_MEMORY_MS;
process.env.LIST_MEMORY_MS = '0';
afterAll(() => {
  if (before === undefined) delete process.env.LIST_MEMORY_MS;
  else process.env.LIST_MEMORY_MS = before;
});
