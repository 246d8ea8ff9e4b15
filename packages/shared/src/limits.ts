/** Spec 1: the plan types. */
export const plans = ['standard', 'pro', 'premium', 'platinum', 'free_trial'] as const;
export type Plan = (typeof plans)[number];

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

/**
 * Spec 5.2: what a plan leaves out. Standard excludes approval signature conditions,
 * approval-signature logic, visitors, paid users, multiple workspaces, single sign-on and custom
 * PDF filename fields; spec 5.4 adds that the free trial allows no extra workspaces either.
 */
export const planFeatures = [
  'approvalSignatureConditions',
  'approvalSignatureLogic',
  'visitors',
  'paidUsers',
  'multipleWorkspaces',
  'sso',
  'pdfFilenameCustomFields',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

export type PlanType = { limits: PlanLimits; excludedFeatures: readonly PlanFeature[] };

/**
 * The one table of plan types (spec 1, 5.2): each plan's numeric limits and the features it
 * excludes. The server reads it on every limited action, the web app to explain a limit before
 * the user meets it, and checkout to tell which plans the workspace's usage still fits.
 */
export const planTypes: Record<Plan, PlanType> = {
  standard: { limits: base, excludedFeatures: planFeatures },
  pro: { limits: { ...higher, fieldsPerTemplate: 300 }, excludedFeatures: [] },
  premium: { limits: higher, excludedFeatures: [] },
  platinum: { limits: { ...higher, fieldsPerTemplate: 1000 }, excludedFeatures: [] },
  free_trial: { limits: higher, excludedFeatures: ['multipleWorkspaces'] },
};

export function limitsFor(plan: Plan): PlanLimits {
  return planTypes[plan].limits;
}

/** Whether the plan includes the feature (spec 5.2, 5.4). */
export function planAllows(plan: Plan, feature: PlanFeature): boolean {
  return !planTypes[plan].excludedFeatures.includes(feature);
}

/**
 * What a workspace uses of the plan limits: per-template figures are the largest of any of its
 * templates; the counts are across the account (spec 3: visitor count, paid user count,
 * workspace count, single sign-on).
 */
export type PlanUsage = Record<keyof PlanLimits, number> & {
  visitors: number;
  paidUsers: number;
  workspaces: number;
  ssoEnabled: boolean;
};

export const planLimitKeys = [
  'fieldsPerTemplate',
  'logicRulesPerBlock',
  'logicBlocksPerField',
  'approvalSignatureLogicFields',
  'approvalSignatureConditions',
  'listPropertyFields',
  'locationFields',
  'pdfFilenameCustomFields',
  'propertiesPerList',
  'listPropertyTableColumns',
] as const satisfies readonly (keyof PlanLimits)[];

/** The features a usage needs (each one a plan may exclude). */
function featuresUsed(usage: PlanUsage): PlanFeature[] {
  const used: PlanFeature[] = [];
  if (usage.approvalSignatureConditions > 0) used.push('approvalSignatureConditions');
  if (usage.approvalSignatureLogicFields > 0) used.push('approvalSignatureLogic');
  if (usage.visitors > 0) used.push('visitors');
  if (usage.paidUsers > 0) used.push('paidUsers');
  if (usage.workspaces > 1) used.push('multipleWorkspaces');
  if (usage.ssoEnabled) used.push('sso');
  if (usage.pdfFilenameCustomFields > 0) used.push('pdfFilenameCustomFields');
  return used;
}

/** The limits and excluded features of the plan that the usage goes beyond; empty when it fits. */
export function exceededLimits(plan: Plan, usage: PlanUsage): (keyof PlanLimits | PlanFeature)[] {
  const limits = limitsFor(plan);
  const over: (keyof PlanLimits | PlanFeature)[] = planLimitKeys.filter((key) => usage[key] > limits[key]);
  for (const feature of featuresUsed(usage)) {
    if (!planAllows(plan, feature) && !over.includes(feature as keyof PlanLimits)) over.push(feature);
  }
  return over;
}

/** Spec 5.2: a plan the workspace's usage exceeds cannot be chosen, with this message. */
export const planExceededMessage =
  "You've exceeded the limits of this plan. Check your Home Folder > Settings for more info.";

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

/** Spec 2.3, 9: the trial widget shows its warning icon at 7 days or fewer. */
export const trialWarningDays = 7;

/** Whole days left of a trial ending at `trialEndDate` (0 once it has passed), counted up. */
export function trialDaysLeft(trialEndDate: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndDate.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
}

/** Spec 5.1, 9: at most 2 filters on one chart. */
export const chartFiltersMax = 2;

/** Issue 20: a chart reads the forms of at most 10 templates. */
export const chartTemplatesMax = 10;
