import { Button, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { Dialog } from '@/views/kit/Dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_LIMITS } from '@/contract/richText';
import {
  addColumn,
  addRow,
  canAddColumn,
  canAddRow,
  canRemoveColumn,
  canRemoveRow,
  gridSize,
  removeColumn,
  removeRow,
  setCell,
  type Grid,
} from './tableGrid';

/**
 * Inserts or edits a table: a grid of plain-text cells with a button to remove each row and each column and
 * buttons to add a row and a column, within TABLE_LIMITS. `editing`: the table already in the document (it can
 * be deleted); otherwise a new one is inserted at the cursor.
 */
export function TableDialog({
  initial,
  editing,
  onSave,
  onDelete,
  onClose,
}: {
  initial: Grid;
  editing: boolean;
  onSave: (grid: Grid) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [grid, setGrid] = useState(initial);
  const { rows, columns } = gridSize(grid);

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(editing ? 'richtext.table.titleEdit' : 'richtext.table.titleInsert')}
      className="richtext-table-dialog"
    >
      <DialogBody>
        <p className="richtext-table-size">
          {t('richtext.table.size', { rows, columns })} ·{' '}
          {t('richtext.table.limits', { rows: TABLE_LIMITS.rows, columns: TABLE_LIMITS.columns })}
        </p>
        <div className="richtext-table-grid-wrap">
          <table className="richtext-table-grid">
            <thead>
              <tr>
                {grid[0]!.map((_, column) => (
                  <th key={column}>
                    <RemoveButton
                      label={t('richtext.table.removeColumn', { n: column + 1 })}
                      disabled={!canRemoveColumn(grid)}
                      onClick={() => setGrid(removeColumn(grid, column))}
                    />
                  </th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {grid.map((cells, row) => (
                <tr key={row}>
                  {cells.map((text, column) => (
                    <td key={column}>
                      <InputGroup
                        size="small"
                        value={text}
                        aria-label={t('richtext.table.cell', { row: row + 1, column: column + 1 })}
                        autoFocus={row === 0 && column === 0}
                        onValueChange={(value) => setGrid(setCell(grid, row, column, value))}
                      />
                    </td>
                  ))}
                  <td>
                    <RemoveButton
                      label={t('richtext.table.removeRow', { n: row + 1 })}
                      disabled={!canRemoveRow(grid)}
                      onClick={() => setGrid(removeRow(grid, row))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="richtext-table-add">
          <Button icon="add" disabled={!canAddRow(grid)} onClick={() => setGrid(addRow(grid))}>
            {t('richtext.table.addRow')}
          </Button>
          <Button icon="add" disabled={!canAddColumn(grid)} onClick={() => setGrid(addColumn(grid))}>
            {t('richtext.table.addColumn')}
          </Button>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {editing && (
              <Button intent="danger" variant="minimal" icon="trash" onClick={onDelete}>
                {t('richtext.table.delete')}
              </Button>
            )}
            <Button onClick={onClose}>{t('richtext.table.cancel')}</Button>
            <Button intent="primary" onClick={() => onSave(grid)}>
              {t(editing ? 'richtext.table.save' : 'richtext.table.insert')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

function RemoveButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon="small-cross"
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
    />
  );
}
