import { z } from 'zod';
import { limitsFor } from '../limits.ts';
import type { Plan } from '../permissions.ts';
import { registerOrderField } from './register-order.ts';
import {
  type TemplateDefinition,
  type TemplateType,
  templateDefinitionSchema,
  templateTextLimit,
  templateTypeSchema,
} from './template-definition.ts';
import { fieldPath, issue, type TemplateIssue, type TemplateIssueCode } from './template-issues.ts';
import {
  checkFieldIds,
  checkFieldOptions,
  checkHeaderFooter,
  checkPageBreaks,
  checkPersonNames,
} from './validate-fields.ts';
import { checkFormulas } from './validate-formulas.ts';
import { checkPlanLimits } from './validate-limits.ts';
import { checkApprovalLogic, checkLogic } from './validate-logic.ts';

/** A template as the editor holds it and the API takes it (definition already parsed). */
export type TemplateDraft = {
  name: string;
  templateCode: string;
  formName: string;
  type?: TemplateType | null | undefined;
  definition: TemplateDefinition;
};

function checkText(
  value: string,
  path: string,
  codes: { required: TemplateIssueCode; slash: TemplateIssueCode; tooLong: TemplateIssueCode },
): TemplateIssue[] {
  if (value.trim() === '') return [issue(codes.required, path)];
  if (/[/\\]/.test(value)) return [issue(codes.slash, path)];
  if (value.trim().length > templateTextLimit) return [issue(codes.tooLong, path)];
  return [];
}

/** Spec 4.1: a Workflow has columns; each move into a later column needs one approval signature. */
function checkWorkflow(type: TemplateType | null | undefined, definition: TemplateDefinition): TemplateIssue[] {
  const columns = definition.workflow?.columns ?? [];
  if (type !== 'workflow') {
    return columns.length > 0 ? [issue('workflowColumnsNotAllowed', 'definition.workflow.columns')] : [];
  }
  if (columns.length < 2) return [issue('workflowColumnsRequired', 'definition.workflow.columns')];
  const issues: TemplateIssue[] = [];
  const names = new Set<string>();
  columns.forEach((column, i) => {
    const name = column.name.trim().toLowerCase();
    if (names.has(name)) issues.push(issue('workflowColumnDuplicate', `definition.workflow.columns.${i}.name`));
    names.add(name);
  });
  const later = new Set(columns.slice(1).map((c) => c.id));
  const perColumn = new Map<string, number>();
  definition.fields.forEach((field, index) => {
    if (field.type !== 'approvalSignature' || field.columnId === null) return;
    if (!later.has(field.columnId))
      issues.push(issue('approvalSignatureColumn', fieldPath(index, 'columnId'), field.id));
    else perColumn.set(field.columnId, (perColumn.get(field.columnId) ?? 0) + 1);
  });
  columns.slice(1).forEach((column, i) => {
    if (perColumn.get(column.id) !== 1) {
      issues.push(issue('approvalSignaturesPerColumn', `definition.workflow.columns.${i + 1}`));
    }
  });
  return issues;
}

/**
 * Every rule of spec 5.1 and 5.2 over a parsed template, for the editor (as the user types) and the
 * server (on every save). Returns all problems, each addressed to its place; empty means valid.
 */
export function validateTemplate(draft: TemplateDraft, options: { plan: Plan }): TemplateIssue[] {
  const limits = limitsFor(options.plan);
  const { definition } = draft;
  const issues: TemplateIssue[] = [
    ...checkText(draft.name, 'name', { required: 'nameRequired', slash: 'nameSlash', tooLong: 'nameTooLong' }),
    ...checkText(draft.templateCode, 'templateCode', {
      required: 'templateCodeRequired',
      slash: 'templateCodeSlash',
      tooLong: 'templateCodeTooLong',
    }),
    ...checkText(draft.formName, 'formName', {
      required: 'formNameRequired',
      slash: 'formNameSlash',
      tooLong: 'formNameTooLong',
    }),
  ];
  if (!draft.type) issues.push(issue('typeRequired', 'type'));
  if (definition.fields.length === 0) issues.push(issue('noFields', 'definition.fields'));
  issues.push(
    ...checkFieldIds(definition.fields),
    ...checkPageBreaks(definition.fields),
    ...checkPersonNames(definition.fields),
    ...checkFieldOptions(definition.fields),
    ...checkFormulas(definition.fields),
    ...checkHeaderFooter('header', definition.header),
    ...checkHeaderFooter('footer', definition.footer),
    ...checkLogic(definition, limits),
    ...checkApprovalLogic(definition, limits),
    ...checkPlanLimits(definition, limits),
    ...checkWorkflow(draft.type, definition),
  );
  if (definition.registerOrder && !registerOrderField(definition.fields, definition.registerOrder)) {
    issues.push(issue('registerOrderField', 'definition.registerOrder'));
  }
  return issues;
}

const draftInputSchema = z.object({
  name: z.string(),
  templateCode: z.string(),
  formName: z.string(),
  type: templateTypeSchema.nullable().optional(),
  definition: templateDefinitionSchema,
});

/**
 * The same for unparsed input (an editor's state, an import): schema problems first, with the
 * schema's message, then the rules.
 */
export function validateTemplateInput(input: unknown, options: { plan: Plan }): TemplateIssue[] {
  const parsed = draftInputSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: 'invalid' as const }));
  }
  return validateTemplate(parsed.data, options);
}
