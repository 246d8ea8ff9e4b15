import { z } from 'zod';
import { choiceOptionSchema, fieldBaseShape, itemIdSchema } from './field-base.ts';

/** Spec 5.1: S, M, L or XL; XS only for the cells of `xsCellTypes`. */
export const columnWidths = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type ColumnWidth = (typeof columnWidths)[number];
export const legacyWidthMessage = 'Legacy table column widths must be replaced with S, M, L or XL';

export const columnCellTypes = [
  'text',
  'prefilledText',
  'number',
  'formula',
  'date',
  'dateTime',
  'yesNo',
  'yesNoNa',
  'dropdown',
  'list',
  'person',
  'signature',
  'manualSignature',
  'photo',
] as const;
export type ColumnCellType = (typeof columnCellTypes)[number];

/** Spec 5.1: the XS column width supports only these cells. */
export const xsCellTypes: readonly ColumnCellType[] = ['formula', 'number', 'prefilledText', 'text'];
export const xsWidthMessage = 'XS column width supports only Formula, Number, Prefilled Text and Text cells';

export const tableColumnSchema = z.object({
  id: itemIdSchema,
  heading: z.string().max(200).default(''),
  width: z.enum(columnWidths, { error: legacyWidthMessage }),
  cellType: z.enum(columnCellTypes),
  /** Dropdown cells. */
  options: z.array(choiceOptionSchema).max(200).optional(),
  /**
   * List cells: the list whose items the cell offers (issue 18.5), as a list field's `listId`: one of
   * the lists the template's folder may read; a cell keeps the item it was filled with.
   */
  listId: z.string().uuid().nullable().optional(),
  /** Formula cells: an expression over the row's column ids. */
  expression: z.string().max(2000).optional(),
  /** Prefilled text cells of a default table: the same text on every row. */
  text: z.string().max(2000).optional(),
  /** Spec 5.1 (form cloning): a column can be excluded at field level. */
  excludeFromClone: z.boolean().default(false),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

/**
 * Picking a width in the editor: XS on a cell that does not support it turns the column into a
 * blank text column (spec 5.1), so what is saved is always valid.
 */
export function withColumnWidth(column: TableColumn, width: ColumnWidth): TableColumn {
  if (width !== 'XS' || xsCellTypes.includes(column.cellType)) return { ...column, width };
  return {
    id: column.id,
    heading: column.heading,
    width,
    cellType: 'text',
    excludeFromClone: column.excludeFromClone,
  };
}

const columnsSchema = z.array(tableColumnSchema).min(1, 'A table needs at least one column').max(50);

/** Horizontal tables need mobile app 19.12 or later (spec 5.1); the editor says so. */
const orientationSchema = z.enum(['vertical', 'horizontal']).default('vertical');

export const defaultTableFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('defaultTable'),
  columns: columnsSchema,
  orientation: orientationSchema,
});

export const tableRowSchema = z.object({
  id: itemIdSchema,
  /** Column id -> the prefilled value of that cell. */
  cells: z.record(z.string(), z.string().max(2000)),
});
export type TableRow = z.infer<typeof tableRowSchema>;

/** Rows written in the template; users fill in the other columns (spec 5.1: at least one row). */
export const prefilledTableFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('prefilledTable'),
  columns: columnsSchema,
  rows: z.array(tableRowSchema).max(1000),
  orientation: orientationSchema,
});

/**
 * Attendance: every attendee signs on (name, company and signature are built in); extra columns
 * are the template's own.
 */
export const signOnTableFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('signOnTable'),
  statement: z.string().max(5000).default(''),
  columns: z.array(tableColumnSchema).max(20).default([]),
});
