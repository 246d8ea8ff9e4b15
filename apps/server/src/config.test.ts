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

describe('the limits of a submission link’s public page (issue 21)', () => {
  it('are 60 challenges, 30 submissions and 200 uploads per address, 3,000 submissions and 5,000 uploads per link by default', () => {
    expect(loadConfig({}).linkLimits).toEqual({
      challengesPerAddress: 60,
      submitsPerAddress: 30,
      submitsPerLink: 3_000,
      uploadsPerAddress: 200,
      uploadsPerLink: 5_000,
    });
  });

  it('are raised or lowered by configuration, and refuse what is not a positive whole number', () => {
    expect(
      loadConfig({
        LINK_CHALLENGES_PER_ADDRESS: '100000',
        LINK_SUBMITS_PER_ADDRESS: '50000',
        LINK_SUBMITS_PER_LINK: '9',
      }).linkLimits,
    ).toEqual({
      challengesPerAddress: 100_000,
      submitsPerAddress: 50_000,
      submitsPerLink: 9,
      uploadsPerAddress: 200,
      uploadsPerLink: 5_000,
    });
    expect(() => loadConfig({ LINK_SUBMITS_PER_LINK: '0' })).toThrow(/LINK_SUBMITS_PER_LINK/);
    expect(() => loadConfig({ LINK_SUBMITS_PER_ADDRESS: 'many' })).toThrow(/LINK_SUBMITS_PER_ADDRESS/);
  });
});

describe('the map tiles URL (issue 19.4)', () => {
  it('is unset by default: the map is drawn on its own', () => {
    expect(loadConfig({}).mapTiles).toBeUndefined();
  });

  it('is a http(s) URL with {z}, {x} and {y}, with an optional attribution and a highest zoom (19 by default)', () => {
    expect(loadConfig({ MAP_TILES_URL: 'https://tile.example.org/{z}/{x}/{y}.png' }).mapTiles).toEqual({
      urlTemplate: 'https://tile.example.org/{z}/{x}/{y}.png',
      attribution: null,
      maxZoom: 19,
    });
    expect(
      loadConfig({
        MAP_TILES_URL: 'http://localhost:8080/tiles/{z}/{x}/{y}.jpg?key=abc',
        MAP_TILES_ATTRIBUTION: 'Our own tiles',
        MAP_TILES_MAX_ZOOM: '17',
      }).mapTiles,
    ).toEqual({
      urlTemplate: 'http://localhost:8080/tiles/{z}/{x}/{y}.jpg?key=abc',
      attribution: 'Our own tiles',
      maxZoom: 17,
    });
    for (const bad of [
      'https://tile.example.org/{z}/{x}.png',
      'javascript:alert(1)//{z}/{x}/{y}',
      'tiles/{z}/{x}/{y}.png',
    ])
      expect(() => loadConfig({ MAP_TILES_URL: bad }), bad).toThrow(/MAP_TILES_URL/);
    expect(() => loadConfig({ MAP_TILES_URL: 'https://t.example/{z}/{x}/{y}.png', MAP_TILES_MAX_ZOOM: '23' })).toThrow(
      /MAP_TILES_MAX_ZOOM/,
    );
  });
});
