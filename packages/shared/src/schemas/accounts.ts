import { z } from 'zod';
import { type PlanUsage, planFeatures, planLimitKeys } from '../limits.ts';
import { accountTypes, plans, subscriptionStatuses, subscriptionTerms } from '../permissions.ts';

/**
 * What every member of a workspace learns about its account (spec 3): enough for the help menu,
 * the trial widget and the upgrade rules of spec 2.3, 4.4 and 6.
 */
export const accountSummarySchema = z.object({
  accountId: z.string().uuid(),
  accountType: z.enum(accountTypes),
  planType: z.enum(plans),
  subscriptionStatus: z.enum(subscriptionStatuses),
  /** When the free trial ends (or ended); null for an account that never had one. */
  trialEndDate: z.iso.datetime().nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/**
 * The account of a workspace with its users used (spec 3 billing, 5.6), for its admins and org
 * controllers. The counts are computed across the account's active workspaces, never stored.
 */
export const accountSchema = accountSummarySchema.extend({
  name: z.string(),
  /** Internal staff (Contributors) across the account's workspaces, each person once. */
  contributorUsersUsed: z.number().int().min(0),
  /**
   * The provider's paid mobile-app users (spec's sitematePaidUsersUsed). No user is one yet: the
   * product has no way to make a user a paid user, so this is 0 until users and invitations exist.
   */
  paidUsersUsed: z.number().int().min(0),
  /** The paid subscription's term; null on a trial (spec 5.6). */
  subscriptionTerm: z.enum(subscriptionTerms).nullable(),
  /** Licences paid for (spec 7's contributorUsersPaid and sitematePaidUsersPaid); 0 on a trial. */
  contributorUsersPaid: z.number().int().min(0),
  paidUsersPaid: z.number().int().min(0),
});
export type Account = z.infer<typeof accountSchema>;

export const workspaceAccountParamsSchema = z.object({ workspaceId: z.string().uuid() });

const count = z.number().int().min(0);

/**
 * What the account uses of the plan limits (spec 3, 5.2): per-template figures are the largest of
 * any template of its workspaces; visitors, paid users and workspaces are counted across them.
 */
export const planUsageSchema = z.object({
  fieldsPerTemplate: count,
  logicRulesPerBlock: count,
  logicBlocksPerField: count,
  approvalSignatureLogicFields: count,
  approvalSignatureConditions: count,
  listPropertyFields: count,
  locationFields: count,
  pdfFilenameCustomFields: count,
  propertiesPerList: count,
  listPropertyTableColumns: count,
  visitors: count,
  paidUsers: count,
  workspaces: count,
  ssoEnabled: z.boolean(),
}) satisfies z.ZodType<PlanUsage>;

const exceededSchema = z.array(z.union([z.enum(planLimitKeys), z.enum(planFeatures)]));

/**
 * The account's usage, and for every plan type what the usage goes beyond (spec 5.2): a plan with
 * anything exceeded cannot be chosen, with the spec's message.
 */
export const accountUsageSchema = z.object({
  usage: planUsageSchema,
  plans: z.array(z.object({ plan: z.enum(plans), exceeded: exceededSchema, message: z.string().nullable() })),
});
export type AccountUsage = z.infer<typeof accountUsageSchema>;

/** Spec 2.6 Global Billing: the field messages of the billing contact. */
export const billingContactMessages = {
  name: 'Please enter a valid name',
  email: 'Please enter a valid email address in the format name@example.com.',
} as const;

/** PUT /api/workspaces/{id}/billing-contact: who the account's billing goes to (org controllers). */
export const billingContactSchema = z
  .object({
    name: z
      .string({ error: billingContactMessages.name })
      .trim()
      .min(1, billingContactMessages.name)
      .max(100, billingContactMessages.name)
      .regex(/[\p{L}\p{N}]/u, billingContactMessages.name),
    email: z
      .string({ error: billingContactMessages.email })
      .trim()
      .max(254, billingContactMessages.email)
      .email(billingContactMessages.email),
  })
  .strict();
export type BillingContact = z.infer<typeof billingContactSchema>;

/** A paid checkout of the account: what was bought, for how much, when (spec 4.4, 7). */
export const billingPaymentSchema = z.object({
  checkoutId: z.string().uuid(),
  planType: z.enum(plans),
  subscriptionTerm: z.enum(subscriptionTerms),
  contributorUsersPaid: z.number().int().min(0),
  paidUsersPaid: z.number().int().min(0),
  currency: z.string(),
  /** In the currency's minor unit (cents), as the payment provider was asked for it. */
  amountTotal: z.number().int().min(0),
  paidAt: z.iso.datetime(),
});

/**
 * Spec 2.6 Global Billing, honest about what exists: the billing contact (null until set) and the
 * payments made through the self-service checkout, newest first. Nothing else is billed.
 */
export const globalBillingSchema = z.object({
  contact: billingContactSchema.nullable(),
  payments: z.array(billingPaymentSchema),
});
export type GlobalBilling = z.infer<typeof globalBillingSchema>;
