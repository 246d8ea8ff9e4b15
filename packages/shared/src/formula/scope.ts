import type { Field } from '../fields/field.ts';
import type { TableColumn } from '../fields/table-fields.ts';

/**
 * What a reference gives a formula: a number, text, either (`any`: a formula, a list property),
 * or a list of them (a table column, a multiple choice answer) for SUM and friends.
 */
export type FormulaRefKind = 'number' | 'text' | 'any' | 'numberList' | 'textList' | 'anyList';

/**
 * One thing a formula may refer to. `key` is what is stored between the braces (a field id, or
 * `tableId.columnId`); `name` is what the editor shows between them (the label, unique in the
 * scope); `expression` is set for formulas, so checks can follow them.
 */
export type FormulaRef = {
  key: string;
  name: string;
  kind: FormulaRefKind;
  /** The field (top-level) the reference belongs to; for a column, its table. */
  fieldId: string;
  fieldType: Field['type'];
  /** Cell type of a table column. */
  cellType?: TableColumn['cellType'];
  expression?: string;
  /** Dropdown and multiple choice option labels (sample values of the preview). */
  options?: readonly string[];
};

/** Where a formula lives: a formula field, or a formula column of a table (its row's cells). */
export type FormulaHome = { fieldId: string; columnId?: string | undefined };

const tableTypes: readonly Field['type'][] = ['defaultTable', 'prefilledTable', 'signOnTable'];
type TableField = Extract<Field, { columns: TableColumn[] }>;
const isTable = (field: Field): field is TableField => tableTypes.includes(field.type);

/** Field types a formula can use (their answers are numbers or text); the picker offers these. */
const fieldKinds: Partial<Record<Field['type'], FormulaRefKind>> = {
  number: 'number',
  formula: 'any',
  listProperty: 'any',
  singleLineText: 'text',
  multiLineText: 'text',
  prefilledText: 'text',
  date: 'text',
  dateTime: 'text',
  expiryDate: 'text',
  yesNo: 'text',
  yesNoNa: 'text',
  dropdown: 'text',
  multipleChoice: 'textList',
};

function columnKind(column: TableColumn, list: boolean): FormulaRefKind {
  const scalar: FormulaRefKind =
    column.cellType === 'number' ? 'number' : column.cellType === 'formula' ? 'any' : 'text';
  if (!list) return scalar;
  return scalar === 'number' ? 'numberList' : scalar === 'any' ? 'anyList' : 'textList';
}

/** A label as a name between braces: braces dropped, spaces collapsed. */
function cleanName(text: string, fallback: string): string {
  const name = text.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
  return name === '' ? fallback : name;
}

/** Names compare without case and spacing, so `{quantity}` finds "Quantity". */
export function formulaNameKey(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Everything a formula at `home` may refer to, in template order, each with a unique name:
 * - a formula field sees the other usable fields and every table's columns (as lists);
 * - a table's formula column sees its own row's cells and the top-level non-formula fields,
 *   as computeFormulas() resolves them.
 * Two fields with the same label get "Label (2)", "Label (3)" in template order.
 */
export function formulaScope(fields: readonly Field[], home: FormulaHome): FormulaRef[] {
  const refs: Omit<FormulaRef, 'name'>[] = [];
  const names: string[] = [];
  const add = (ref: Omit<FormulaRef, 'name'>, name: string) => {
    refs.push(ref);
    names.push(name);
  };
  const options = (field: Field) =>
    field.type === 'dropdown' || field.type === 'multipleChoice' ? field.options.map((o) => o.label) : undefined;
  const homeTable = home.columnId !== undefined ? fields.find((f) => f.id === home.fieldId) : undefined;
  if (homeTable && isTable(homeTable)) {
    for (const column of homeTable.columns) {
      add(
        {
          key: column.id,
          kind: columnKind(column, false),
          fieldId: homeTable.id,
          fieldType: homeTable.type,
          cellType: column.cellType,
          ...(column.cellType === 'formula' ? { expression: column.expression ?? '' } : {}),
          ...(column.cellType === 'dropdown' ? { options: (column.options ?? []).map((o) => o.label) } : {}),
        },
        cleanName(column.heading, column.id),
      );
    }
  }
  for (const field of fields) {
    if (isTable(field)) {
      if (home.columnId !== undefined) continue;
      for (const column of field.columns) {
        add(
          {
            key: `${field.id}.${column.id}`,
            kind: columnKind(column, true),
            fieldId: field.id,
            fieldType: field.type,
            cellType: column.cellType,
            ...(column.cellType === 'dropdown' ? { options: (column.options ?? []).map((o) => o.label) } : {}),
          },
          `${cleanName(field.label, field.id)}.${cleanName(column.heading, column.id)}`,
        );
      }
      continue;
    }
    const kind = fieldKinds[field.type];
    if (!kind) continue;
    if (field.type === 'formula' && home.columnId !== undefined) continue;
    const fieldOptions = options(field);
    add(
      {
        key: field.id,
        kind,
        fieldId: field.id,
        fieldType: field.type,
        ...(field.type === 'formula' ? { expression: field.expression } : {}),
        ...(fieldOptions ? { options: fieldOptions } : {}),
      },
      cleanName(field.label, field.id),
    );
  }
  const seen = new Map<string, number>();
  const taken = new Set(names.map(formulaNameKey));
  return refs.map((ref, i) => {
    const base = names[i] as string;
    const count = (seen.get(formulaNameKey(base)) ?? 0) + 1;
    seen.set(formulaNameKey(base), count);
    let name = base;
    if (count > 1) {
      let n = count;
      while (taken.has(formulaNameKey(`${base} (${n})`))) n++;
      name = `${base} (${n})`;
      taken.add(formulaNameKey(name));
    }
    return { ...ref, name };
  });
}

/**
 * Rewrites every `{...}` reference of a formula text with `replace`, leaving the rest as typed
 * (text in quotes is not looked into, so `"{a}"` stays text). Works on text that does not parse.
 */
export function mapFormulaReferences(text: string, replace: (inner: string) => string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '{') {
      const close = text.indexOf('}', i + 1);
      const open = text.indexOf('{', i + 1);
      if (close === -1 || (open !== -1 && open < close)) {
        out += ch;
        i++;
        continue;
      }
      out += `{${replace(text.slice(i + 1, close))}}`;
      i = close + 1;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** The stored formula (field ids) as the editor shows it (labels); unknown ids stay as they are. */
export function formulaToLabels(expression: string, scope: readonly FormulaRef[]): string {
  const byKey = new Map(scope.map((r) => [r.key, r.name]));
  return mapFormulaReferences(expression, (inner) => byKey.get(inner.trim()) ?? inner);
}

/**
 * The formula as typed in the editor (labels) as it is stored (field ids). A name is matched
 * without case; what names no field is kept as typed, so the check reports it as unknown (or, if
 * it is a field id, it stays that field).
 */
export function formulaFromLabels(text: string, scope: readonly FormulaRef[]): string {
  const byName = new Map(scope.map((r) => [formulaNameKey(r.name), r.key]));
  return mapFormulaReferences(text, (inner) => byName.get(formulaNameKey(inner)) ?? inner);
}
