import { z } from 'zod';
import {
  dropdownFieldSchema,
  listFieldSchema,
  multipleChoiceFieldSchema,
  yesNoFieldSchema,
  yesNoNaFieldSchema,
} from './choice-fields.ts';
import {
  formulaFieldSchema,
  listPropertyFieldSchema,
  numberFieldSchema,
  pdfPageNumberFieldSchema,
  templateIdFieldSchema,
  templateVersionFieldSchema,
} from './computed-fields.ts';
import {
  dateFieldSchema,
  dateRangeFieldSchema,
  dateTimeFieldSchema,
  dateTimeRangeFieldSchema,
  expiryDateFieldSchema,
} from './date-fields.ts';
import { pageBreakFieldSchema } from './layout-fields.ts';
import { filePathFieldSchema, logoFieldSchema, photosFieldSchema, sketchFieldSchema } from './media-fields.ts';
import {
  actionsFieldSchema,
  locationFieldSchema,
  personFieldSchema,
  relationshipFieldSchema,
  singlePersonFieldSchema,
} from './people-fields.ts';
import { approvalSignatureFieldSchema, manualSignatureFieldSchema, signatureFieldSchema } from './signature-fields.ts';
import { defaultTableFieldSchema, prefilledTableFieldSchema, signOnTableFieldSchema } from './table-fields.ts';
import { multiLineTextFieldSchema, prefilledTextFieldSchema, singleLineTextFieldSchema } from './text-fields.ts';

/** Every cell (field) type of spec 3, discriminated by `type`. */
export const fieldSchema = z.discriminatedUnion('type', [
  singleLineTextFieldSchema,
  multiLineTextFieldSchema,
  prefilledTextFieldSchema,
  dateFieldSchema,
  dateTimeFieldSchema,
  dateRangeFieldSchema,
  dateTimeRangeFieldSchema,
  expiryDateFieldSchema,
  yesNoFieldSchema,
  yesNoNaFieldSchema,
  listFieldSchema,
  multipleChoiceFieldSchema,
  dropdownFieldSchema,
  defaultTableFieldSchema,
  prefilledTableFieldSchema,
  signOnTableFieldSchema,
  signatureFieldSchema,
  manualSignatureFieldSchema,
  approvalSignatureFieldSchema,
  photosFieldSchema,
  sketchFieldSchema,
  pageBreakFieldSchema,
  personFieldSchema,
  singlePersonFieldSchema,
  actionsFieldSchema,
  relationshipFieldSchema,
  locationFieldSchema,
  formulaFieldSchema,
  listPropertyFieldSchema,
  numberFieldSchema,
  logoFieldSchema,
  filePathFieldSchema,
  templateIdFieldSchema,
  templateVersionFieldSchema,
  pdfPageNumberFieldSchema,
]);
export type Field = z.infer<typeof fieldSchema>;
/** A field as the editor may send it, before defaults are applied. */
export type FieldInput = z.input<typeof fieldSchema>;
export type FieldType = Field['type'];
export type FieldOf<T extends FieldType> = Extract<Field, { type: T }>;

/** The en-US names of the cell types, in the order the editor offers them (spec 3). */
export const fieldTypeLabels = {
  singleLineText: 'Single Line Text',
  multiLineText: 'Multi Line Text',
  prefilledText: 'Prefilled Text',
  date: 'Single Date',
  dateTime: 'Single Date Time',
  dateRange: 'Date Range',
  dateTimeRange: 'Date Time Range',
  expiryDate: 'Expiry Date',
  yesNo: 'Yes/No',
  yesNoNa: 'Yes/No/NA',
  list: 'List',
  multipleChoice: 'Multiple Choice',
  dropdown: 'Dropdown',
  defaultTable: 'Default Table',
  prefilledTable: 'Prefilled Table',
  signOnTable: 'Sign-on Table',
  signature: 'Signature',
  manualSignature: 'Manual Signature',
  approvalSignature: 'Approval Signature',
  photos: 'Photos',
  sketch: 'Sketch',
  pageBreak: 'Page Break',
  person: 'Person',
  singlePerson: 'Single Person',
  actions: 'Actions',
  relationship: 'Relationship',
  location: 'Location',
  formula: 'Formula',
  listProperty: 'List Property',
  number: 'Number',
  logo: 'Logo',
  filePath: 'File Path',
  templateId: 'Template ID',
  templateVersion: 'Template Version',
  pdfPageNumber: 'PDF Page Number',
} as const satisfies Record<FieldType, string>;

export const fieldTypes = Object.keys(fieldTypeLabels) as FieldType[];

/** Person field names are unique (spec 5.1). */
export const personFieldTypes: readonly FieldType[] = ['person', 'singlePerson'];

/** Form cloning (spec 5.1): never cloned, and always included. */
export const neverClonedFieldTypes: readonly FieldType[] = ['location', 'signature', 'manualSignature'];
export const alwaysClonedFieldTypes: readonly FieldType[] = ['formula', 'listProperty', 'prefilledText'];
