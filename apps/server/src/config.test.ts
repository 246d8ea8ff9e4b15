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
