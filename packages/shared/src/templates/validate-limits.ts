import type { Field, FieldType } from '../fields/field.ts';
import type { PlanLimits } from '../limits.ts';
import type { TemplateDefinition } from './template-definition.ts';
import { fieldPath, issue, type TemplateIssue, type TemplateIssueCode } from './template-issues.ts';

/** The fields of a type beyond the limit, each answered with the plan's message. */
function beyond(fields: readonly Field[], type: FieldType, limit: number, code: TemplateIssueCode): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  let count = 0;
  fields.forEach((field, index) => {
    if (field.type !== type) return;
    count++;
    if (count > limit) issues.push(issue(code, fieldPath(index), field.id));
  });
  return issues;
}

/** Spec 5.2: fields per template, list-property and location fields, PDF filename custom fields. */
export function checkPlanLimits(definition: TemplateDefinition, limits: PlanLimits): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  if (definition.fields.length > limits.fieldsPerTemplate) issues.push(issue('fieldLimit', 'definition.fields'));
  issues.push(...beyond(definition.fields, 'listProperty', limits.listPropertyFields, 'listPropertyLimit'));
  issues.push(...beyond(definition.fields, 'location', limits.locationFields, 'locationLimit'));

  const ids = new Set(definition.fields.map((f) => f.id));
  let custom = 0;
  definition.pdfFilename.parts.forEach((part, i) => {
    if (part.kind !== 'field') return;
    const path = `definition.pdfFilename.parts.${i}`;
    custom++;
    if (custom > limits.pdfFilenameCustomFields) issues.push(issue('pdfFilenameCustomFields', path));
    else if (!ids.has(part.fieldId)) issues.push(issue('pdfFilenameUnknownField', `${path}.fieldId`));
  });
  return issues;
}
