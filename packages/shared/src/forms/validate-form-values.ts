import type { z } from 'zod';
import type { Field } from '../fields/field.ts';
import { hiddenFieldIds, type LogicValue } from '../fields/logic.ts';
import type { TemplateDefinition } from '../templates/template-definition.ts';
import { computeFormulas, type FormulaProblem, type FormValues } from './compute-formulas.ts';
import { fieldValueSchema, isEmptyValue, isListItemSnapshot, readOnlyFieldTypes } from './field-values.ts';
import { computeListProperties } from './list-properties.ts';

/** Spec 8.2: what the user is told when a save is refused for its values. */
export const formInvalidMessage = 'The form has invalid or incomplete data. Please check';
export const requiredMessage = 'This field is required';

export type FormValueErrorCode = 'invalid' | 'required' | 'unknownField';
/** One problem, addressed by field id and the dotted path inside the value (`table.rows.2.cells.qty`). */
export type FormValueError = { fieldId: string; path: string; message: string; code: FormValueErrorCode };

export type FormValidation = {
  /** What is kept: parsed values of visible fields, formulas computed, hidden and read-only fields dropped. */
  values: FormValues;
  errors: FormValueError[];
  /** Formulas that could not be computed (kept empty); reported, never blocking a save. */
  formulaErrors: FormulaProblem[];
  hiddenFieldIds: string[];
};

export type ValidateOptions = {
  /** Enforce required fields (a Timeline or Register save, closing a workflow form). */
  requireComplete: boolean;
  /** Stored values of fields the user cannot send, kept as they are (workflow approval signatures). */
  kept?: FormValues;
};

/** Approval signatures of a workflow's columns are given by moving the form, never by a save. */
export function isWorkflowSignature(definition: TemplateDefinition, field: Field): boolean {
  return field.type === 'approvalSignature' && definition.workflow !== null && field.columnId !== null;
}

export function isReadOnlyField(definition: TemplateDefinition, field: Field): boolean {
  return readOnlyFieldTypes.includes(field.type) || isWorkflowSignature(definition, field);
}

/** Answers as logic compares them: Yes/No answers, option ids, numbers. */
export function logicAnswers(fields: readonly Field[], values: FormValues): Record<string, LogicValue> {
  const answers: Record<string, LogicValue> = {};
  for (const field of fields) {
    const value = values[field.id];
    if (value === undefined || value === null) continue;
    if (field.type === 'yesNo' || field.type === 'yesNoNa')
      answers[field.id] = (value as { answer: string | null }).answer;
    else if (typeof value === 'string' || typeof value === 'number') answers[field.id] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) answers[field.id] = value as string[];
    // A list field: the labels of the picked items.
    else if (Array.isArray(value) && value.every(isListItemSnapshot)) answers[field.id] = value.map((v) => v.label);
  }
  return answers;
}

const schemaCache = new WeakMap<Field, z.ZodType | null>();
function schemaOf(field: Field): z.ZodType | null {
  if (!schemaCache.has(field)) schemaCache.set(field, fieldValueSchema(field));
  return schemaCache.get(field) as z.ZodType | null;
}

/**
 * A form's values checked against the template version it is filled on: each field's shape and
 * rules, logic deciding what is visible (hidden fields are neither required nor kept), formulas
 * computed. The browser runs it before saving and the server again on save, so both answer alike.
 */
export function validateFormValues(
  definition: TemplateDefinition,
  input: Readonly<Record<string, unknown>>,
  options: ValidateOptions,
): FormValidation {
  const errors: FormValueError[] = [];
  const byId = new Map(definition.fields.map((f) => [f.id, f]));
  const parsed: FormValues = {};

  for (const key of Object.keys(input)) {
    if (!byId.has(key)) errors.push({ fieldId: key, path: key, message: 'Unknown field', code: 'unknownField' });
  }

  for (const field of definition.fields) {
    if (isReadOnlyField(definition, field)) {
      const kept = options.kept?.[field.id];
      if (isWorkflowSignature(definition, field) && kept !== undefined) parsed[field.id] = kept;
      continue;
    }
    const value = input[field.id];
    if (value === undefined || value === null) continue;
    const schema = schemaOf(field);
    if (!schema) continue;
    const result = schema.safeParse(value);
    if (result.success) {
      if (!isEmptyValue(result.data)) parsed[field.id] = result.data;
    } else {
      for (const issue of result.error.issues) {
        const path = [field.id, ...issue.path.map(String)].join('.');
        errors.push({ fieldId: field.id, path, message: issue.message, code: 'invalid' });
      }
    }
  }

  const hidden = hiddenFieldIds(definition.logic, logicAnswers(definition.fields, parsed));
  for (const id of hidden) delete parsed[id];
  const visibleErrors = errors.filter((e) => !hidden.has(e.fieldId));

  const visible = definition.fields.filter((f) => !hidden.has(f.id));
  const { values, problems } = computeFormulas(visible, computeListProperties(visible, parsed));

  if (options.requireComplete) {
    const invalid = new Set(visibleErrors.map((e) => e.fieldId));
    visibleErrors.push(...missingRequired(definition, values, hidden).filter((m) => !invalid.has(m.fieldId)));
  }
  return { values, errors: visibleErrors, formulaErrors: problems, hiddenFieldIds: [...hidden] };
}

/** Required fields that are visible and unanswered (workflow signatures included: closing needs them). */
export function missingRequired(
  definition: TemplateDefinition,
  values: FormValues,
  hidden: ReadonlySet<string>,
): FormValueError[] {
  const missing: FormValueError[] = [];
  for (const field of definition.fields) {
    if (!field.required || hidden.has(field.id)) continue;
    if (readOnlyFieldTypes.includes(field.type)) continue;
    if (isEmptyValue(values[field.id])) {
      missing.push({ fieldId: field.id, path: field.id, message: requiredMessage, code: 'required' });
    }
  }
  return missing;
}
