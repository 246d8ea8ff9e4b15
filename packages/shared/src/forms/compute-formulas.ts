import type { Field } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';
import { evaluateFormula, type FormulaValue, formulaErrorMessage, type Scalar } from '../formula/evaluator.ts';

export type FormValues = Record<string, unknown>;
export type FormulaProblem = { fieldId: string; path: string; message: string; detail: string };

type TableValue = { rows: { id: string; cells: Record<string, unknown> }[] };

function isTable(field: Field): field is Extract<Field, { columns: TableColumn[] }> {
  return field.type === 'defaultTable' || field.type === 'prefilledTable' || field.type === 'signOnTable';
}

function roundTo(value: Scalar, decimals: number): Scalar {
  if (typeof value !== 'number') return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A field's answer as a formula sees it: numbers, text, option labels, Yes/No answers. */
function asFormulaValue(field: Field, value: unknown): FormulaValue | undefined {
  if (value === undefined || value === null) return null;
  switch (field.type) {
    case 'dropdown':
      return field.options.find((o) => o.id === value)?.label ?? null;
    case 'multipleChoice':
      return (value as string[]).map((id) => field.options.find((o) => o.id === id)?.label ?? null);
    case 'yesNo':
    case 'yesNoNa':
      return (value as { answer: string | null }).answer ?? null;
    case 'dateRange':
    case 'dateTimeRange':
      return null;
    default:
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
      if (Array.isArray(value)) return value.filter((v) => typeof v !== 'object') as Scalar[];
      return null;
  }
}

function cellScalar(column: TableColumn, value: unknown): Scalar {
  if (value === undefined || value === null) return null;
  if (column.cellType === 'dropdown') return column.options?.find((o) => o.id === value)?.label ?? null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return null;
}

/**
 * Fills in every formula field and every formula column of the tables, in dependency order
 * (formulas may use other formulas; a cycle is a formula error). `{fieldId}` is a field's answer,
 * `{tableId.columnId}` a table column's cells as a list (for SUM and friends), and inside a table
 * formula column `{columnId}` is the cell of the same row. Returns new values and the problems,
 * each with the spec's message.
 */
export function computeFormulas(
  fields: readonly Field[],
  input: FormValues,
): { values: FormValues; problems: FormulaProblem[] } {
  const values: FormValues = { ...input };
  const problems: FormulaProblem[] = [];
  const byId = new Map(fields.map((f) => [f.id, f]));

  // Table formula columns first: row formulas see only their row and top-level non-formula fields.
  for (const field of fields) {
    if (!isTable(field)) continue;
    const formulaColumns = field.columns.filter((c) => c.cellType === 'formula');
    const table = values[field.id] as TableValue | undefined | null;
    if (formulaColumns.length === 0 || !table?.rows) continue;
    const rows = table.rows.map((row, r) => {
      const cells: Record<string, unknown> = { ...row.cells };
      for (const column of formulaColumns) {
        const result = evaluateFormula(column.expression ?? '', (key) => {
          const col = field.columns.find((c) => c.id === key);
          if (col) return cellScalar(col, cells[key]);
          const other = byId.get(key);
          return other && other.type !== 'formula' ? asFormulaValue(other, values[key]) : undefined;
        });
        if (result.ok) cells[column.id] = result.value;
        else {
          cells[column.id] = null;
          problems.push({
            fieldId: field.id,
            path: `${field.id}.rows.${r}.cells.${column.id}`,
            message: formulaErrorMessage,
            detail: result.detail,
          });
        }
      }
      return { ...row, cells };
    });
    values[field.id] = { ...table, rows };
  }

  const state = new Map<string, 'visiting' | 'done'>();
  const resolve = (key: string): FormulaValue | undefined => {
    const [fieldId, columnId] = key.split('.') as [string, string | undefined];
    const field = byId.get(fieldId);
    if (!field) return undefined;
    if (columnId !== undefined) {
      if (!isTable(field)) return undefined;
      const column = field.columns.find((c) => c.id === columnId);
      if (!column) return undefined;
      const rows = (values[fieldId] as TableValue | undefined | null)?.rows ?? [];
      return rows.map((row) => cellScalar(column, row.cells[columnId]));
    }
    if (field.type === 'formula') {
      const status = state.get(field.id);
      if (status === 'visiting') throw new CycleError();
      if (status !== 'done') computeOne(field);
      return (values[field.id] as Scalar | undefined) ?? null;
    }
    return asFormulaValue(field, values[fieldId]);
  };

  const computeOne = (field: Extract<Field, { type: 'formula' }>) => {
    state.set(field.id, 'visiting');
    let result: ReturnType<typeof evaluateFormula>;
    try {
      result = evaluateFormula(field.expression, resolve);
    } catch (error) {
      if (!(error instanceof CycleError)) throw error;
      result = { ok: false, error: formulaErrorMessage, detail: 'The formula refers to itself' };
    }
    if (result.ok) values[field.id] = roundTo(result.value, field.decimals);
    else {
      values[field.id] = null;
      problems.push({ fieldId: field.id, path: field.id, message: formulaErrorMessage, detail: result.detail });
    }
    state.set(field.id, 'done');
  };

  for (const field of fields) if (field.type === 'formula' && state.get(field.id) !== 'done') computeOne(field);
  return { values, problems };
}

class CycleError extends Error {}
