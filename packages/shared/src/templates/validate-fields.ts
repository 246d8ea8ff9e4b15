import type { Field } from '../fields/field.ts';
import { personFieldTypes } from '../fields/field.ts';
import type { ImageRef } from '../fields/field-base.ts';
import { footerTextLimit, type HeaderFooter, headerTextLimit } from '../fields/header-footer.ts';
import { imageProblem, imageSizeMessage, imageTypeMessage, logoSizeMessage } from '../fields/image-rules.ts';
import { type TableColumn, xsCellTypes } from '../fields/table-fields.ts';
import { fieldPath, issue, type TemplateIssue, type TemplateIssueCode } from './template-issues.ts';

const imageCodes: Record<string, TemplateIssueCode> = {
  [imageTypeMessage]: 'imageType',
  [imageSizeMessage]: 'imageSize',
  [logoSizeMessage]: 'logoSize',
};

function checkImage(image: ImageRef | null, kind: 'image' | 'logo', path: string, fieldId?: string): TemplateIssue[] {
  if (!image) return [];
  const problem = imageProblem(image, kind);
  return problem ? [issue(imageCodes[problem] as TemplateIssueCode, path, fieldId)] : [];
}

/** Spec 5.1: page breaks are never first, last, or beside another page break. */
export function checkPageBreaks(fields: readonly Field[]): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  fields.forEach((field, index) => {
    if (field.type !== 'pageBreak') return;
    if (index === 0) issues.push(issue('pageBreakFirst', fieldPath(index), field.id));
    else if (index === fields.length - 1) issues.push(issue('pageBreakLast', fieldPath(index), field.id));
    if (fields[index - 1]?.type === 'pageBreak') issues.push(issue('pageBreakAdjacent', fieldPath(index), field.id));
  });
  return issues;
}

export function checkFieldIds(fields: readonly Field[]): TemplateIssue[] {
  const seen = new Set<string>();
  const issues: TemplateIssue[] = [];
  fields.forEach((field, index) => {
    if (seen.has(field.id)) issues.push(issue('duplicateFieldId', fieldPath(index, 'id'), field.id));
    seen.add(field.id);
  });
  return issues;
}

/** Spec 5.1: person field names are unique (trimmed, case-insensitive). */
export function checkPersonNames(fields: readonly Field[]): TemplateIssue[] {
  const seen = new Set<string>();
  const issues: TemplateIssue[] = [];
  fields.forEach((field, index) => {
    if (!personFieldTypes.includes(field.type)) return;
    const name = field.label.trim().toLowerCase();
    if (seen.has(name)) issues.push(issue('duplicatePersonName', fieldPath(index, 'label'), field.id));
    seen.add(name);
  });
  return issues;
}

function checkColumns(columns: readonly TableColumn[], index: number, fieldId: string): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const ids = new Set<string>();
  columns.forEach((column, c) => {
    if (ids.has(column.id)) issues.push(issue('duplicateColumnId', fieldPath(index, 'columns', c, 'id'), fieldId));
    ids.add(column.id);
    if (column.width === 'XS' && !xsCellTypes.includes(column.cellType)) {
      issues.push(issue('xsWidth', fieldPath(index, 'columns', c, 'width'), fieldId));
    }
  });
  return issues;
}

/** Per-field rules: table columns and rows, images. */
export function checkFieldOptions(fields: readonly Field[]): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  fields.forEach((field, index) => {
    switch (field.type) {
      case 'defaultTable':
      case 'signOnTable':
        issues.push(...checkColumns(field.columns, index, field.id));
        break;
      case 'prefilledTable':
        issues.push(...checkColumns(field.columns, index, field.id));
        if (field.rows.length === 0) issues.push(issue('prefilledTableNoRows', fieldPath(index, 'rows'), field.id));
        break;
      case 'logo':
        issues.push(...checkImage(field.image, 'logo', fieldPath(index, 'image'), field.id));
        break;
      case 'sketch':
        issues.push(...checkImage(field.backgroundImage, 'image', fieldPath(index, 'backgroundImage'), field.id));
        break;
    }
  });
  return issues;
}

/** Spec 5.1, 9: header text 35 characters, footer 24; images and logos by type and size. */
export function checkHeaderFooter(part: 'header' | 'footer', value: HeaderFooter): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const limit = part === 'header' ? headerTextLimit : footerTextLimit;
  value.items.forEach((item, i) => {
    const path = `definition.${part}.items.${i}`;
    if (item.type === 'prefilledText' && item.text.length > limit) {
      issues.push(issue(part === 'header' ? 'headerTextTooLong' : 'footerTextTooLong', `${path}.text`));
    }
    if (item.type === 'image') issues.push(...checkImage(item.image, 'image', `${path}.image`));
    if (item.type === 'logo') issues.push(...checkImage(item.image, 'logo', `${path}.image`));
  });
  return issues;
}
