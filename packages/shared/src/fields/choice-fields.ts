import { z } from 'zod';
import { choiceOptionSchema, fieldBaseShape } from './field-base.ts';

/** Yes/No and Yes/No/NA, each optionally with a free-text comment beside the answer. */
const withTextShape = {
  withText: z.boolean().default(false),
  textLabel: z.string().max(200).optional(),
};

export const yesNoFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('yesNo'), ...withTextShape });

export const yesNoNaFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('yesNoNa'), ...withTextShape });

/** Answers the Yes/No fields give, as logic conditions compare them. */
export const yesNoAnswers = ['yes', 'no'] as const;
export const yesNoNaAnswers = ['yes', 'no', 'na'] as const;

/** Items picked from a workspace list (Lists / List Library); the list is chosen in the editor. */
export const listFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('list'),
  listId: z.string().uuid().nullable().default(null),
  allowMultiple: z.boolean().default(false),
});

export const multipleChoiceFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('multipleChoice'),
  options: z.array(choiceOptionSchema).min(1, 'Add at least one option').max(200),
  allowMultiple: z.boolean().default(false),
});

export const dropdownFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('dropdown'),
  options: z.array(choiceOptionSchema).min(1, 'Add at least one option').max(500),
});
