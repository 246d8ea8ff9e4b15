import type { TableColumn } from '../fields/table-fields.ts';
import { parseTablePaste } from '../templates/table-paste.ts';

export type TableRowValue = { id: string; cells: Record<string, unknown> };

/** Cell types a paste can fill from text; the others are skipped (signatures, photos, formulas). */
function cellFromText(column: TableColumn, text: string): unknown {
  const t = text.trim();
  if (t === '') return null;
  switch (column.cellType) {
    case 'text':
      return t;
    case 'number': {
      const n = Number(t.replace(/,/g, ''));
      return Number.isFinite(n) ? n : undefined;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : undefined;
    case 'yesNo':
    case 'yesNoNa': {
      const answer = t.toLowerCase();
      const allowed = column.cellType === 'yesNo' ? ['yes', 'no'] : ['yes', 'no', 'na'];
      return allowed.includes(answer) ? answer : undefined;
    }
    case 'dropdown':
      return column.options?.find((o) => o.label.toLowerCase() === t.toLowerCase())?.id;
    default:
      return undefined;
  }
}

/**
 * Spreadsheet text pasted into a default table at a row and column (spec 5.1, 9: at most 10 columns
 * by 50 rows): rows past the end are added with `newRowId()`; cells that do not fit their column's
 * type are left as they were.
 */
export function pasteIntoTable(
  columns: readonly TableColumn[],
  rows: readonly TableRowValue[],
  text: string,
  at: { row: number; column: number },
  newRowId: () => string,
): { ok: true; rows: TableRowValue[] } | { ok: false; message: string } {
  const paste = parseTablePaste(text);
  if (!paste.ok) return paste;
  const next = rows.map((r) => ({ ...r, cells: { ...r.cells } }));
  paste.rows.forEach((cells, r) => {
    const index = at.row + r;
    while (next.length <= index) next.push({ id: newRowId(), cells: {} });
    const row = next[index] as TableRowValue;
    cells.forEach((text, c) => {
      const column = columns[at.column + c];
      if (!column) return;
      const value = cellFromText(column, text);
      if (value !== undefined) row.cells[column.id] = value;
    });
  });
  return { ok: true, rows: next };
}
