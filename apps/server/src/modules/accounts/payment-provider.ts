import type { IncomingHttpHeaders } from 'node:http';
import type { SubscriptionStatus, SubscriptionTerm } from '@formwork/shared/permissions';
import type { Currency, PaidPlan } from '@formwork/shared/pricing';

/** A checkout as the payment provider needs it: what is bought and what the server says it costs. */
export type CheckoutForPayment = {
  workspaceId: string;
  checkoutId: string;
  accountId: string;
  accountName: string;
  planType: PaidPlan;
  subscriptionTerm: SubscriptionTerm;
  contributorUsersPaid: number;
  paidUsersPaid: number;
  currency: Currency;
  /** Per licence and month, in cents (from the price table). */
  unitPrices: { contributor: number; paidUser: number };
  /** The whole term, in cents. */
  amountTotal: number;
  /** Where the browser returns after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
};

/**
 * What a verified notification from the provider says (spec 4.4, 7): a checkout paid or given up,
 * or the account's subscription moved to a status (paused, overdue invoice, churned, active).
 * `ignored`: a genuine notification of something Formwork does not act on.
 */
export type PaymentNotification = { eventId: string } & (
  | { type: 'checkout.completed'; workspaceId: string; checkoutId: string }
  | { type: 'checkout.cancelled'; workspaceId: string; checkoutId: string }
  | { type: 'subscription.updated'; workspaceId: string; status: SubscriptionStatus }
  | { type: 'ignored'; providerType: string }
);

/**
 * The payment-link call of spec 7 and the notifications back, behind one interface (issue 17.4):
 * the local test provider (on by default) or Stripe Checkout (by configuration).
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Opens the provider's payment page for the checkout; answers where the browser goes. */
  createPaymentPage(checkout: CheckoutForPayment): Promise<{ url: string; providerReference: string | null }>;
  /**
   * Checks the notification's signature over its raw body and reads it. Throws when the signature
   * is missing, wrong or too old, or the body is not a notification: such a call changes nothing.
   */
  verifyNotification(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentNotification;
}

export class InvalidNotification extends Error {}
