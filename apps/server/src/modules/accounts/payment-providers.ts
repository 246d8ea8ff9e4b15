import type { Config } from '../../config.ts';
import type { AppDb } from '../../db/client.ts';
import { loadSecret } from '../../idp/keys.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { stripePaymentProvider } from './stripe-payment-provider.ts';
import { testPaymentProvider } from './test-payment-provider.ts';

/** The secret the local test provider signs its payment page tokens and notifications with. */
export const testPaymentSecretName = 'test-payments-key';

/**
 * The payment provider this server is configured with (issue 17.4): the local test provider unless
 * PAYMENT_PROVIDER=stripe. `testSecret` is set for the test provider only (its payment page).
 */
export async function createPaymentProvider(
  config: Config,
  db: AppDb,
): Promise<{ provider: PaymentProvider; testSecret: string | null }> {
  if (config.payments.provider === 'stripe') {
    return {
      provider: stripePaymentProvider({
        secretKey: config.payments.stripeSecretKey,
        webhookSecret: config.payments.stripeWebhookSecret,
      }),
      testSecret: null,
    };
  }
  const secret = await loadSecret(db, testPaymentSecretName);
  return { provider: testPaymentProvider({ secret, publicUrl: config.publicUrl }), testSecret: secret };
}
