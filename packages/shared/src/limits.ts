import type { Plan } from './permissions.ts';

/**
 * The one plan-limits table (spec 3, 5.2, 9). The spec names the higher-plan values (6 rules and
 * blocks, 12 approval-signature logic fields, 50 list properties, 20 location fields, 8 PDF filename
 * fields) and the base ones (3 rules and blocks, 3 list properties, no approval-signature logic and
 * no PDF filename custom fields on standard). Values it does not show are ours: fields per template,
 * location fields on standard, properties per list and list property table columns. The free trial
 * gets the premium limits.
 */
export type PlanLimits = {
  /** Fields in one template (fields inside tables count once). */
  fieldsPerTemplate: number;
  /** Conditional rules (conditions) in one logic block. */
  logicRulesPerBlock: number;
  /** Logic blocks hanging off one trigger field. */
  logicBlocksPerField: number;
  /** Approval signatures with conditional logic; 0: approval-signature logic not on this plan. */
  approvalSignatureLogicFields: number;
  /** Conditions of one approval signature's logic. */
  approvalSignatureConditions: number;
  listPropertyFields: number;
  locationFields: number;
  /** Form fields among the PDF filename parts; 0: custom fields not on this plan. */
  pdfFilenameCustomFields: number;
  propertiesPerList: number;
  listPropertyTableColumns: number;
};

const base: PlanLimits = {
  fieldsPerTemplate: 200,
  logicRulesPerBlock: 3,
  logicBlocksPerField: 3,
  approvalSignatureLogicFields: 0,
  approvalSignatureConditions: 0,
  listPropertyFields: 3,
  locationFields: 5,
  pdfFilenameCustomFields: 0,
  propertiesPerList: 10,
  listPropertyTableColumns: 5,
};

const higher: PlanLimits = {
  fieldsPerTemplate: 500,
  logicRulesPerBlock: 6,
  logicBlocksPerField: 6,
  approvalSignatureLogicFields: 12,
  approvalSignatureConditions: 6,
  listPropertyFields: 50,
  locationFields: 20,
  pdfFilenameCustomFields: 8,
  propertiesPerList: 50,
  listPropertyTableColumns: 10,
};

export const planLimits: Record<Plan, PlanLimits> = {
  standard: base,
  pro: { ...higher, fieldsPerTemplate: 300 },
  premium: higher,
  platinum: { ...higher, fieldsPerTemplate: 1000 },
  free_trial: higher,
};

export function limitsFor(plan: Plan): PlanLimits {
  return planLimits[plan];
}

/** Spec 8.2's words for the plan rules; the last two are ours, in the same voice. */
export const planLimitMessages = {
  locationFields: 'You have exceeded the Location field limit for your plan type',
  ruleLimit: 'Plan type rule limit exceeded',
  duplicateRule: 'Duplicating rule detected',
  duplicateActions: 'Duplicating actions detected in logic',
  pdfFilenameCustomFields: 'You have exceeded the custom field limit for your plan type.',
  listPropertyFields: 'You have exceeded the List Property field limit for your plan type',
  fieldsPerTemplate: 'You have exceeded the field limit for your plan type',
} as const;

/** Spec 9: a free trial lasts 30 days from the workspace's creation. */
export const trialDays = 30;
