import { type FieldInput, fieldTypeLabels } from '@formwork/shared/fields/field';
import { blankField, cleanLabel, options } from './draft-fields.ts';

/**
 * Spreadsheets (XLSX and CSV) -> fields: each header cell becomes a field; a list validation makes
 * a dropdown of its choices, a number or date validation that field; otherwise the values under the
 * header decide (all numbers: number, all dates: date, all yes/no: Yes/No), then the header's words.
 */

export type CellValue = string | number | boolean | Date | null;
export type ColumnRule = { kind: 'list'; choices: string[] } | { kind: 'number'; whole: boolean } | { kind: 'date' };
export type SheetColumn = { header: string; values: CellValue[]; rule?: ColumnRule };

const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?/;
const slashDate = /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/;
const yesNo = new Set(['yes', 'no', 'y', 'n', 'true', 'false']);

function kindOf(value: CellValue): 'number' | 'date' | 'yesNo' | 'text' | 'blank' {
  if (value === null || value === '') return 'blank';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'yesNo';
  if (value instanceof Date) return 'date';
  const text = value.trim();
  if (text === '') return 'blank';
  if (/^-?\d+([.,]\d+)?$/.test(text)) return 'number';
  if (isoDate.test(text) || slashDate.test(text)) return 'date';
  if (yesNo.has(text.toLowerCase())) return 'yesNo';
  return 'text';
}

/** One kind shared by every non-blank value, or null when they differ or there are none. */
function sharedKind(values: readonly CellValue[]) {
  const kinds = new Set(values.map(kindOf).filter((k) => k !== 'blank'));
  return kinds.size === 1 ? [...kinds][0] : null;
}

function wholeNumbers(values: readonly CellValue[]) {
  return values.every((v) => kindOf(v) !== 'number' || Number.isInteger(Number(String(v).replace(',', '.'))));
}

export function columnField(id: string, column: SheetColumn): FieldInput {
  const label = cleanLabel(column.header);
  const rule = column.rule;
  if (rule?.kind === 'list') {
    const choices = options(rule.choices);
    if (choices.length > 0) return { id, type: 'dropdown', label, options: choices };
  }
  if (rule?.kind === 'number') return { id, type: 'number', label, ...(rule.whole ? { decimals: 0 } : {}) };
  if (rule?.kind === 'date') return { id, type: 'date', label };
  switch (sharedKind(column.values)) {
    case 'number':
      return { id, type: 'number', label, ...(wholeNumbers(column.values) ? { decimals: 0 } : {}) };
    case 'date':
      return { id, type: 'date', label };
    case 'yesNo':
      return { id, type: 'yesNo', label };
    default:
      return blankField(id, label);
  }
}

/** What one column became, for the text shown beside the draft. */
export function describeColumn(column: SheetColumn, field: FieldInput): string {
  const sample = column.values
    .filter((v) => v !== null && v !== '')
    .slice(0, 3)
    .map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)));
  const rule = column.rule?.kind === 'list' ? ` (list: ${column.rule.choices.slice(0, 10).join(', ')})` : '';
  return `  ${column.header}: ${fieldTypeLabels[field.type]}${rule}${sample.length ? `; e.g. ${sample.join(', ')}` : ''}`;
}
