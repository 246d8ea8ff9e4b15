import { z } from 'zod';
import { fieldBaseShape, itemIdSchema } from './field-base.ts';
import { logicConditionSchema, logicMatchSchema } from './logic.ts';

/** A signature captured from the signer's saved signature. */
export const signatureFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('signature') });

/** Signed by hand on the screen (Sign Manually). */
export const manualSignatureFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('manualSignature') });

/**
 * Required only when another field's answer matches (spec 5.2: conditional approval-signature
 * logic, a plan limit; none on the standard plan).
 */
export const approvalLogicSchema = z.object({
  triggerFieldId: itemIdSchema,
  match: logicMatchSchema,
  conditions: z.array(logicConditionSchema).min(1).max(50),
});
export type ApprovalLogic = z.infer<typeof approvalLogicSchema>;

/**
 * An approval signature. In a Workflow template each move into a column needs one (spec 4.1):
 * `columnId` is the workflow column it moves the form into; the approval signatures are one fewer
 * than the columns. Not allowed inside logic blocks (spec 5.1).
 */
export const approvalSignatureFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('approvalSignature'),
  columnId: itemIdSchema.nullable().default(null),
  logic: approvalLogicSchema.nullable().default(null),
});
