import { describe, expect, it } from 'vitest';
import { listenHost, loadConfig } from './config.ts';

describe('the interface the server listens on', () => {
  it('is loopback only while the demo users (published password) exist and HOST is unset', () => {
    expect(listenHost(loadConfig({}), true)).toBe('127.0.0.1');
  });

  it('is every interface without demo data', () => {
    expect(listenHost(loadConfig({}), false)).toBe('0.0.0.0');
  });

  it('is HOST when set, demo data or not', () => {
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }), true)).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ HOST: '10.0.0.5' }), false)).toBe('10.0.0.5');
  });
});

describe('the payment provider (issue 17.4)', () => {
  it('is the local test provider by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'test' });
  });

  it('is Stripe by configuration, which needs its secret key and webhook secret', () => {
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })
        .payments,
    ).toEqual({ provider: 'stripe', stripeSecretKey: 'sk_test_1', stripeWebhookSecret: 'whsec_1' });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
