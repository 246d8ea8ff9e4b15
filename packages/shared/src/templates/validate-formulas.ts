import type { Field } from '../fields/field.ts';
import { checkFormula, type FormulaProblemCode } from '../formula/check.ts';
import { formulaScope, formulaToLabels } from '../formula/scope.ts';
import { fieldPath, issue, type TemplateIssue, type TemplateIssueCode } from './template-issues.ts';

const codes: Record<FormulaProblemCode, TemplateIssueCode> = {
  syntax: 'formulaSyntax',
  unknownField: 'formulaUnknownField',
  notNumber: 'formulaNotNumber',
  list: 'formulaList',
  cycle: 'formulaCycle',
};

/**
 * Every formula of the template (formula fields and formula columns of tables) must parse, name
 * only fields it can use, use numbers where numbers are needed and not use itself (spec 8.2:
 * otherwise every form would show 'Formula error. Please check all formulas'). The detail names
 * references by label, as the editor shows them.
 */
export function checkFormulas(fields: readonly Field[]): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const check = (expression: string, home: { fieldId: string; columnId?: string }, selfKey: string, path: string) => {
    if (expression.trim() === '') return;
    const scope = formulaScope(fields, home);
    for (const problem of checkFormula(expression, scope, selfKey)) {
      issues.push({
        ...issue(codes[problem.code], path, home.fieldId),
        detail: formulaToLabels(problem.detail, scope),
      });
    }
  };
  fields.forEach((field, index) => {
    if (field.type === 'formula')
      check(field.expression, { fieldId: field.id }, field.id, fieldPath(index, 'expression'));
    if (field.type === 'defaultTable' || field.type === 'prefilledTable' || field.type === 'signOnTable') {
      field.columns.forEach((column, c) => {
        if (column.cellType !== 'formula') return;
        const path = fieldPath(index, 'columns', c, 'expression');
        check(column.expression ?? '', { fieldId: field.id, columnId: column.id }, column.id, path);
      });
    }
  });
  return issues;
}
