import { yesNoAnswers, yesNoNaAnswers } from '../fields/choice-fields.ts';
import type { Field } from '../fields/field.ts';
import { type LogicCondition, logicTriggerTypes, valueOperators } from '../fields/logic.ts';
import type { PlanLimits } from '../limits.ts';
import type { TemplateDefinition } from './template-definition.ts';
import { fieldPath, issue, type TemplateIssue } from './template-issues.ts';

type Located = { field: Field; index: number };

function conditionKey(c: LogicCondition): string {
  return `${c.operator}:${valueOperators.includes(c.operator) ? JSON.stringify(c.value) : ''}`;
}

/** Whether the trigger field can give this answer (Yes/No answers, option ids, numbers). */
function valueFits(trigger: Field, c: LogicCondition): boolean {
  if (!valueOperators.includes(c.operator)) return true;
  if (c.value === null) return false;
  const numeric = c.operator === 'lessThan' || c.operator === 'greaterThan';
  switch (trigger.type) {
    case 'yesNo':
      return !numeric && (yesNoAnswers as readonly string[]).includes(String(c.value));
    case 'yesNoNa':
      return !numeric && (yesNoNaAnswers as readonly string[]).includes(String(c.value));
    case 'multipleChoice':
    case 'dropdown':
      return !numeric && trigger.options.some((o) => o.id === String(c.value));
    case 'number':
      return Number.isFinite(Number(c.value));
    default:
      return !numeric;
  }
}

function checkConditions(
  trigger: Field | undefined,
  conditions: readonly LogicCondition[],
  limit: number,
  path: string,
): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  if (conditions.length > limit) issues.push(issue('ruleLimit', `${path}.conditions`));
  const seen = new Set<string>();
  conditions.forEach((c, j) => {
    const key = conditionKey(c);
    if (seen.has(key)) issues.push(issue('duplicateRule', `${path}.conditions.${j}`));
    seen.add(key);
    if (trigger && !valueFits(trigger, c)) issues.push(issue('logicValue', `${path}.conditions.${j}.value`));
  });
  return issues;
}

function checkTrigger(located: Located | undefined, path: string): TemplateIssue[] {
  if (!located) return [issue('logicUnknownField', path)];
  if (!(logicTriggerTypes as readonly string[]).includes(located.field.type)) {
    return [issue('logicTriggerType', path, located.field.id)];
  }
  return [];
}

/**
 * Spec 5.1, 5.2, 8.2: logic blocks refer to real fields; no page breaks or approval signatures
 * inside them; no nesting; plan limits on rules and blocks; no duplicate rules or actions.
 */
export function checkLogic(definition: TemplateDefinition, limits: PlanLimits): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const byId = new Map<string, Located>();
  definition.fields.forEach((field, index) => {
    if (!byId.has(field.id)) byId.set(field.id, { field, index });
  });
  const triggers = new Set(definition.logic.map((b) => b.triggerFieldId));
  const inBlock = new Map<string, number>();
  const blocksPerTrigger = new Map<string, Set<string>>();

  definition.logic.forEach((block, i) => {
    const path = `definition.logic.${i}`;
    const trigger = byId.get(block.triggerFieldId);
    issues.push(...checkTrigger(trigger, `${path}.triggerFieldId`));
    issues.push(...checkConditions(trigger?.field, block.conditions, limits.logicRulesPerBlock, path));

    const siblings = blocksPerTrigger.get(block.triggerFieldId) ?? new Set<string>();
    blocksPerTrigger.set(block.triggerFieldId, siblings);
    const blockKey = JSON.stringify([block.match, block.effect, block.conditions.map(conditionKey).sort()]);
    if (siblings.has(blockKey)) issues.push(issue('duplicateRule', path));
    siblings.add(blockKey);
    if (siblings.size > limits.logicBlocksPerField) issues.push(issue('ruleLimit', path));

    const actions = new Set<string>();
    block.actions.forEach((action, j) => {
      const key = JSON.stringify(action);
      if (actions.has(key)) issues.push(issue('duplicateActions', `${path}.actions.${j}`));
      actions.add(key);
    });

    block.fieldIds.forEach((id, j) => {
      const located = byId.get(id);
      if (!located) {
        issues.push(issue('logicUnknownField', `${path}.fieldIds.${j}`));
        return;
      }
      const at = fieldPath(located.index);
      if (id === block.triggerFieldId) issues.push(issue('logicOwnTrigger', `${path}.fieldIds.${j}`, id));
      else if (triggers.has(id)) issues.push(issue('nestedLogic', at, id));
      if (inBlock.has(id) && inBlock.get(id) !== i)
        issues.push(issue('logicFieldInTwoBlocks', `${path}.fieldIds.${j}`, id));
      inBlock.set(id, i);
      if (located.field.type === 'pageBreak') issues.push(issue('pageBreakInLogic', at, id));
      if (located.field.type === 'approvalSignature') issues.push(issue('approvalSignatureInLogic', at, id));
      if (trigger && located.index < trigger.index) {
        issues.push(issue('logicFieldBeforeTrigger', `${path}.fieldIds.${j}`, id));
      }
    });
  });
  return issues;
}

/** Spec 5.2: conditional approval signatures are a plan limit (none on standard). */
export function checkApprovalLogic(definition: TemplateDefinition, limits: PlanLimits): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const byId = new Map<string, Located>(definition.fields.map((field, index) => [field.id, { field, index }]));
  let conditional = 0;
  definition.fields.forEach((field, index) => {
    if (field.type !== 'approvalSignature' || !field.logic) return;
    conditional++;
    const path = fieldPath(index, 'logic');
    if (conditional > limits.approvalSignatureLogicFields) {
      issues.push(issue('ruleLimit', path, field.id));
      return;
    }
    const trigger = byId.get(field.logic.triggerFieldId);
    issues.push(...checkTrigger(trigger, `${path}.triggerFieldId`));
    issues.push(...checkConditions(trigger?.field, field.logic.conditions, limits.approvalSignatureConditions, path));
  });
  return issues;
}
