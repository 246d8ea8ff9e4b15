/** Spec 5.1, 9: a paste into a table brings at most 10 columns and 50 rows. */
export const maxPasteColumns = 10;
export const maxPasteRows = 50;
export const tablePasteMessage = `You can paste at most ${maxPasteColumns} columns and ${maxPasteRows} rows`;

export type TablePaste = { ok: true; rows: string[][] } | { ok: false; message: string };

/**
 * Clipboard text (tab-separated cells, one row per line, as spreadsheets copy) as rows of cells,
 * or the refusal when it is too large. A trailing line break does not make an extra row.
 */
export function parseTablePaste(text: string): TablePaste {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const rows = lines.map((line) => line.split('\t'));
  const columns = Math.max(0, ...rows.map((r) => r.length));
  if (rows.length > maxPasteRows || columns > maxPasteColumns) return { ok: false, message: tablePasteMessage };
  return { ok: true, rows };
}
