import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type TestPaymentEvent, testPaymentEventSchema } from '@formwork/shared/schemas/checkout';
import {
  type CheckoutForPayment,
  InvalidNotification,
  type PaymentNotification,
  type PaymentProvider,
} from './payment-provider.ts';

/** The header the local test provider signs its notifications in: `t=<unix seconds>,v1=<hex HMAC>`. */
export const testSignatureHeader = 'formwork-test-signature';

/** Notifications older than this are refused (a captured one cannot be replayed later). */
const toleranceSeconds = 300;

function hmac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Signs a notification body as the test provider does (like Stripe: timestamp and body). */
export function signTestNotification(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

/** The payment page's token: the checkout it is for, signed so it cannot be made up or altered. */
export function paymentToken(secret: string, workspaceId: string, checkoutId: string): string {
  const body = `${workspaceId}.${checkoutId}`;
  return `${body}.${hmac(secret, `page.${body}`)}`;
}

export function readPaymentToken(secret: string, token: string): { workspaceId: string; checkoutId: string } | null {
  const [workspaceId, checkoutId, signature] = token.split('.');
  if (!workspaceId || !checkoutId || !signature) return null;
  const expected = Buffer.from(hmac(secret, `page.${workspaceId}.${checkoutId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { workspaceId, checkoutId };
}

/**
 * The local test provider (issue 17.4, on by default): its payment page is served by this server
 * (`/payment_page?paymentToken=...`, clearly marked as a test); paying or cancelling there sends a
 * signed notification to the webhook, exactly as an outside provider would.
 */
export function testPaymentProvider(options: { secret: string; publicUrl: string }): PaymentProvider {
  return {
    name: 'test',
    async createPaymentPage(checkout: CheckoutForPayment) {
      const token = paymentToken(options.secret, checkout.workspaceId, checkout.checkoutId);
      return {
        url: `${options.publicUrl}/payment_page?paymentToken=${encodeURIComponent(token)}`,
        providerReference: null,
      };
    },
    verifyNotification(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentNotification {
      const header = headers[testSignatureHeader];
      if (typeof header !== 'string') throw new InvalidNotification('no signature');
      const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || !parts.v1) throw new InvalidNotification('bad signature header');
      if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) throw new InvalidNotification('signature too old');
      const body = rawBody.toString('utf8');
      const expected = Buffer.from(hmac(options.secret, `${t}.${body}`));
      const given = Buffer.from(parts.v1);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidNotification('signature mismatch');
      }
      let event: TestPaymentEvent;
      try {
        event = testPaymentEventSchema.parse(JSON.parse(body));
      } catch {
        throw new InvalidNotification('not a notification');
      }
      const { id, ...rest } = event;
      return { eventId: id, ...rest };
    },
  };
}
