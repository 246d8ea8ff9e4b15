import { z } from 'zod';
import { accountTypes, plans, subscriptionStatuses } from '../permissions.ts';

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
});
export type Account = z.infer<typeof accountSchema>;

export const workspaceAccountParamsSchema = z.object({ workspaceId: z.string().uuid() });
