import type { Locator, Page } from 'playwright-core';

/**
 * Reading the one list table (a Blueprint table: cells, not rows, in several quadrants) as a person reads it:
 * the row that shows a text, and its cells. Frozen columns live in the left quadrant, the others in the main one.
 */

const QUADRANTS = ':is(.bp6-table-quadrant-main, .bp6-table-quadrant-left)';

/** The body cells of one column, top to bottom in the DOM. */
export const columnCells = (page: Page, column: number): Locator =>
  page.locator(`${QUADRANTS} .bp6-table-cell.bp6-table-cell-col-${column}`);

/** The row index of the first body cell showing `text` exactly, once it is rendered. */
export async function rowIndexOf(page: Page, text: string): Promise<number> {
  const cell = page.locator(`${QUADRANTS} .bp6-table-cell`, { hasText: text }).first();
  await cell.waitFor();
  const className = (await cell.getAttribute('class')) ?? '';
  return Number(/bp6-table-cell-row-(\d+)/.exec(className)?.[1]);
}

/** Every rendered cell of the row showing `text` (each cell once, whichever quadrant draws it). */
export async function rowOf(page: Page, text: string): Promise<Locator> {
  const row = await rowIndexOf(page, text);
  return page.locator(`${QUADRANTS} .bp6-table-cell.bp6-table-cell-row-${row}`);
}

/** How many body rows the table shows (cells of the first column). */
export const rowCount = (page: Page): Promise<number> =>
  page.locator('.bp6-table-quadrant-main .bp6-table-cell.bp6-table-cell-col-0').count();

/** The texts of one column's rendered cells, top to bottom (by row index: the DOM order is not the row order). */
export function columnTexts(page: Page, column: number): Promise<string[]> {
  return columnCells(page, column).evaluateAll((els) =>
    els
      .map((e) => ({
        row: Number(/bp6-table-cell-row-(\d+)/.exec(e.className)?.[1]),
        text: e.textContent ?? '',
      }))
      .sort((a, b) => a.row - b.row)
      .map((c) => c.text.trim()),
  );
}
