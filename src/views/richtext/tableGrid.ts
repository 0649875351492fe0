import { TABLE_LIMITS } from '@/contract/richText';
import { cutText, fitText } from '@/machines/lifecycles/visibleText';

/**
 * A table's cells as the table dialog edits them: rows of plain-text cells, every row as wide as the first, within
 * TABLE_LIMITS. Pure: each change returns a new grid, and a change the limits do not allow returns the same one.
 */
export type Grid = readonly (readonly string[])[];

export function emptyGrid(rows = 3, columns = 3): Grid {
  return Array.from({ length: rows }, () => Array.from({ length: columns }, () => ''));
}

/** Any stored rows made rectangular and cut to the limits (a hand-made table may be ragged or too big). */
export function normaliseGrid(rows: readonly (readonly string[])[]): Grid {
  const kept = rows.slice(0, TABLE_LIMITS.rows);
  const width = Math.min(TABLE_LIMITS.columns, Math.max(1, ...kept.map((row) => row.length)));
  if (kept.length === 0) return emptyGrid(1, width);
  return kept.map((row) =>
    Array.from({ length: width }, (_, c) => cutText(row[c] ?? '', TABLE_LIMITS.cellLength)),
  );
}

export const gridSize = (grid: Grid) => ({ rows: grid.length, columns: grid[0]?.length ?? 0 });

export function canAddRow(grid: Grid): boolean {
  return grid.length < TABLE_LIMITS.rows;
}
export function canAddColumn(grid: Grid): boolean {
  return gridSize(grid).columns < TABLE_LIMITS.columns;
}
/** A table keeps at least one row and one column. */
export function canRemoveRow(grid: Grid): boolean {
  return grid.length > 1;
}
export function canRemoveColumn(grid: Grid): boolean {
  return gridSize(grid).columns > 1;
}

/** A new empty row after row `at` (at the end when omitted). */
export function addRow(grid: Grid, at = grid.length - 1): Grid {
  if (!canAddRow(grid)) return grid;
  const row = Array.from({ length: gridSize(grid).columns }, () => '');
  return [...grid.slice(0, at + 1), row, ...grid.slice(at + 1)];
}

/** A new empty column after column `at` (at the end when omitted). */
export function addColumn(grid: Grid, at = gridSize(grid).columns - 1): Grid {
  if (!canAddColumn(grid)) return grid;
  return grid.map((row) => [...row.slice(0, at + 1), '', ...row.slice(at + 1)]);
}

export function removeRow(grid: Grid, at: number): Grid {
  if (!canRemoveRow(grid) || at < 0 || at >= grid.length) return grid;
  return grid.filter((_, r) => r !== at);
}

export function removeColumn(grid: Grid, at: number): Grid {
  if (!canRemoveColumn(grid) || at < 0 || at >= gridSize(grid).columns) return grid;
  return grid.map((row) => row.filter((_, c) => c !== at));
}

export function setCell(grid: Grid, row: number, column: number, text: string): Grid {
  return grid.map((cells, r) =>
    r === row
      ? cells.map((cell, c) => (c === column ? fitText(cell, text, TABLE_LIMITS.cellLength) : cell))
      : cells,
  );
}
