import { z } from 'zod';
import { planFeatures, planLimitKeys } from '../limits.ts';
import { subscriptionStatuses, subscriptionTerms } from '../permissions.ts';
import { continents, currencies, paidPlans } from '../pricing.ts';

const count = z.number().int().min(0);

/**
 * What the checkout modal needs (spec 4.4, 5.6, 9): whether checkout is offered (spec 6), the
 * currency charged, the licences used (the minimums) and, per plan that can be bought, its prices
 * and what the account's usage exceeds of it (such a plan cannot be chosen, with the message).
 */
export const checkoutOptionsSchema = z.object({
  offered: z.boolean(),
  currency: z.enum(currencies),
  contributorUsersUsed: count,
  paidUsersUsed: count,
  plans: z.array(
    z.object({
      plan: z.enum(paidPlans),
      /** Per licence and month, in cents. */
      prices: z.object({ contributor: count, paidUser: count }),
      exceeded: z.array(z.union([z.enum(planLimitKeys), z.enum(planFeatures)])),
      message: z.string().nullable(),
    }),
  ),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

export const checkoutOptionsQuerySchema = z.object({
  continent: z
    .enum(continents)
    .optional()
    .meta({ examples: ['OC'] }),
});

/** Spinner inputs (spec 5.6): whole, non-negative numbers of licences. */
const licences = z.number().int('Please enter a whole number').min(0, 'Please enter a whole number').max(100_000);

/**
 * The checkout call (spec 7's payment-link payload, less what the server decides): the plan, term
 * and licences. The server derives the currency (from the caller's mobile, else `continent`) and the
 * amount from the price table; the browser never says what is charged.
 */
export const checkoutRequestSchema = z.object({
  planType: z.enum(paidPlans),
  subscriptionTerm: z.enum(subscriptionTerms),
  contributorUsersPaid: licences,
  paidUsersPaid: licences,
  /** The browser's continent (from its time zone): the currency's fallback when no mobile says it. */
  continent: z.enum(continents).optional(),
  /** Where the browser returns after paying: a path of this site (view=checkoutSuccess is added). */
  returnPath: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path of this site')
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Spec 7: the payment link the browser goes to (after the redirecting modal's 3000 ms). */
export const checkoutResponseSchema = z.object({
  checkoutId: z.string().uuid(),
  paymentLink: z.string().url(),
  currency: z.enum(currencies),
  /** What the term costs, in cents, as the server computed it. */
  amountTotal: count,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * A notification of the local test payment provider (issue 17.4): one event, signed by the server
 * (HMAC-SHA256 of the raw body, header `formwork-test-signature`), as Stripe signs its webhooks.
 */
export const testPaymentEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1).max(200),
    type: z.literal('checkout.completed'),
    workspaceId: z.string().uuid(),
    checkoutId: z.string().uuid(),
  }),
  z.object({
    id: z.string().min(1).max(200),
    type: z.literal('checkout.cancelled'),
    workspaceId: z.string().uuid(),
    checkoutId: z.string().uuid(),
  }),
  z.object({
    id: z.string().min(1).max(200),
    type: z.literal('subscription.updated'),
    workspaceId: z.string().uuid(),
    status: z.enum(subscriptionStatuses),
  }),
]);
export type TestPaymentEvent = z.infer<typeof testPaymentEventSchema>;
