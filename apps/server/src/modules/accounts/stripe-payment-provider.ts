import type { IncomingHttpHeaders } from 'node:http';
import type { SubscriptionStatus } from '@formwork/shared/permissions';
import { termMonths } from '@formwork/shared/pricing';
import Stripe from 'stripe';
import {
  type CheckoutForPayment,
  InvalidNotification,
  type PaymentNotification,
  type PaymentProvider,
} from './payment-provider.ts';

/** Stripe's subscription statuses as the spec's (4.4); null: not one Formwork acts on. */
export function subscriptionStatusOf(status: string): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'overdue_invoice';
    case 'paused':
      return 'paused';
    case 'canceled':
      return 'churned';
    default:
      return null;
  }
}

/**
 * Stripe Checkout behind the payment-provider interface (PAYMENT_PROVIDER=stripe): a subscription
 * Checkout Session per checkout, priced from the server's table; webhooks checked with
 * stripe.webhooks.constructEvent against the endpoint secret. The checkout's workspace and id travel
 * in the session's metadata, the workspace in the subscription's (for its later status changes).
 */
export function stripePaymentProvider(options: {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the client elsewhere; by default api.stripe.com. */
  client?: Stripe;
}): PaymentProvider {
  const stripe = options.client ?? new Stripe(options.secretKey);
  return {
    name: 'stripe',
    async createPaymentPage(checkout: CheckoutForPayment) {
      const months = termMonths[checkout.subscriptionTerm];
      const recurring = { interval: checkout.subscriptionTerm === 'one_year' ? 'year' : 'month' } as const;
      const currency = checkout.currency.toLowerCase();
      const line = (name: string, unitAmount: number, quantity: number) => ({
        price_data: { currency, unit_amount: unitAmount * months, recurring, product_data: { name } },
        quantity,
      });
      const lineItems = [
        line(
          `${checkout.planType} contributor licence`,
          checkout.unitPrices.contributor,
          checkout.contributorUsersPaid,
        ),
      ];
      if (checkout.paidUsersPaid > 0 && checkout.unitPrices.paidUser > 0) {
        lineItems.push(
          line(`${checkout.planType} paid user licence`, checkout.unitPrices.paidUser, checkout.paidUsersPaid),
        );
      }
      const metadata = { workspaceId: checkout.workspaceId, checkoutId: checkout.checkoutId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: checkout.checkoutId,
          line_items: lineItems,
          metadata,
          subscription_data: { metadata: { workspaceId: checkout.workspaceId, accountId: checkout.accountId } },
          success_url: checkout.successUrl,
          cancel_url: checkout.cancelUrl,
        },
        // One session per checkout, however often the call is retried.
        { idempotencyKey: `checkout-${checkout.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned no payment page');
      return { url: session.url, providerReference: session.id };
    },
    verifyNotification(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentNotification {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new InvalidNotification('no signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new InvalidNotification('signature mismatch');
      }
      const ignored = { eventId: event.id, type: 'ignored', providerType: event.type } as const;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          const { workspaceId, checkoutId } = session.metadata ?? {};
          if (!workspaceId || !checkoutId || session.payment_status === 'unpaid') return ignored;
          return { eventId: event.id, type: 'checkout.completed', workspaceId, checkoutId };
        }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed': {
          const { workspaceId, checkoutId } = event.data.object.metadata ?? {};
          if (!workspaceId || !checkoutId) return ignored;
          return { eventId: event.id, type: 'checkout.cancelled', workspaceId, checkoutId };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
        case 'customer.subscription.deleted': {
          const subscription = event.data.object;
          const workspaceId = subscription.metadata?.workspaceId;
          const status =
            event.type === 'customer.subscription.deleted' ? 'churned' : subscriptionStatusOf(subscription.status);
          if (!workspaceId || !status) return ignored;
          return { eventId: event.id, type: 'subscription.updated', workspaceId, status };
        }
        default:
          return ignored;
      }
    },
  };
}
