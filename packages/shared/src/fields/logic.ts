import { z } from 'zod';
import { itemIdSchema } from './field-base.ts';

/**
 * Conditional logic (spec 5.1, 5.2): a logic block hangs off a trigger field and shows (or hides)
 * the fields it holds when the trigger's answer matches its conditions. Blocks live beside the
 * flat field list: `fieldIds` names the block's fields, which the editor shows indented under the
 * trigger. A field belongs to at most one block; logic cannot be nested (a field inside a block
 * cannot trigger another block).
 */

export const logicOperators = ['equals', 'notEquals', 'isEmpty', 'isNotEmpty', 'lessThan', 'greaterThan'] as const;
export type LogicOperator = (typeof logicOperators)[number];

/** Operators that compare against `value`; the others ignore it. */
export const valueOperators: readonly LogicOperator[] = ['equals', 'notEquals', 'lessThan', 'greaterThan'];

/**
 * One rule: the trigger's answer compared with `value` (a Yes/No answer 'yes' | 'no' | 'na', a
 * choice option id, or a number).
 */
export const logicConditionSchema = z.object({
  operator: z.enum(logicOperators),
  value: z
    .union([z.string().max(500), z.number()])
    .nullable()
    .default(null),
});
export type LogicCondition = z.infer<typeof logicConditionSchema>;

/** Whether all conditions must match, or any one of them. */
export const logicMatchSchema = z.enum(['any', 'all']).default('any');

/** What else happens when a block's conditions match, beside showing its fields. */
export const logicActionSchema = z.discriminatedUnion('type', [
  /** E-mail these people when the form is saved with a matching answer. */
  z.object({ type: z.literal('notify'), emails: z.array(z.string().email()).min(1).max(20) }),
  /** Raise an action on the form with this title. */
  z.object({ type: z.literal('createAction'), title: z.string().trim().min(1).max(200) }),
  /** Flag the form (shown in registers) with this colour. */
  z.object({ type: z.literal('flag'), colour: z.enum(['red', 'orange', 'green']) }),
]);
export type LogicAction = z.infer<typeof logicActionSchema>;

export const logicBlockSchema = z.object({
  id: itemIdSchema,
  triggerFieldId: itemIdSchema,
  match: logicMatchSchema,
  conditions: z.array(logicConditionSchema).min(1, 'Add at least one rule').max(50),
  /** Show the block's fields when the conditions match (hidden otherwise), or the reverse. */
  effect: z.enum(['show', 'hide']).default('show'),
  fieldIds: z.array(itemIdSchema).max(1000).default([]),
  actions: z.array(logicActionSchema).max(20).default([]),
});
export type LogicBlock = z.infer<typeof logicBlockSchema>;
export type LogicBlockInput = z.input<typeof logicBlockSchema>;

/** Field types whose answer can trigger logic. */
export const logicTriggerTypes = ['yesNo', 'yesNoNa', 'multipleChoice', 'dropdown', 'number', 'list'] as const;

/** An answer as logic sees it: a string, a number, a list of option ids, or nothing. */
export type LogicValue = string | number | readonly string[] | null | undefined;

function isEmpty(value: LogicValue): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export function conditionMatches(condition: LogicCondition, value: LogicValue): boolean {
  const values: (string | number)[] = Array.isArray(value)
    ? [...value]
    : isEmpty(value)
      ? []
      : [value as string | number];
  switch (condition.operator) {
    case 'isEmpty':
      return isEmpty(value);
    case 'isNotEmpty':
      return !isEmpty(value);
    case 'equals':
      return values.some((v) => String(v) === String(condition.value));
    case 'notEquals':
      return !values.some((v) => String(v) === String(condition.value));
    case 'lessThan':
      return values.some((v) => Number(v) < Number(condition.value));
    case 'greaterThan':
      return values.some((v) => Number(v) > Number(condition.value));
  }
}

export function blockMatches(block: Pick<LogicBlock, 'match' | 'conditions'>, value: LogicValue): boolean {
  const results = block.conditions.map((c) => conditionMatches(c, value));
  return block.match === 'all' ? results.every(Boolean) : results.some(Boolean);
}

/**
 * The ids of fields hidden by logic for the given answers (field id -> answer). The form filler
 * and the PDF skip them; a block's fields are hidden until it matches ('show'), or while it
 * matches ('hide').
 */
export function hiddenFieldIds(
  blocks: readonly LogicBlock[],
  answers: Readonly<Record<string, LogicValue>>,
): Set<string> {
  const hidden = new Set<string>();
  for (const block of blocks) {
    const matches = blockMatches(block, answers[block.triggerFieldId]);
    const hide = block.effect === 'show' ? !matches : matches;
    if (hide) for (const id of block.fieldIds) hidden.add(id);
  }
  return hidden;
}
