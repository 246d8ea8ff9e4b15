import { beforeEach, describe, expect, it, vi } from 'vitest';

type FakeUser = { access_token: string; refresh_token?: string; expires_in: number; expired: boolean };

const state = vi.hoisted(() => ({
  stored: null as FakeUser | null,
  renewals: 0,
  settings: undefined as Record<string, unknown> | undefined,
}));

vi.mock('oidc-client-ts', () => ({
  WebStorageStateStore: class {},
  UserManager: class {
    constructor(settings: Record<string, unknown>) {
      state.settings = settings;
    }
    async getUser() {
      return state.stored;
    }
    async removeUser() {
      state.stored = null;
    }
    async signinSilent() {
      state.renewals += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      state.stored = {
        access_token: `renewed-${state.renewals}`,
        refresh_token: 'r2',
        expires_in: 600,
        expired: false,
      };
      return state.stored;
    }
  },
}));

vi.mock('./http.ts', () => ({
  apiRequest: async () => ({ issuer: 'http://x/idp', clientId: 'formwork-web', scope: 'openid', embedded: true }),
  setTokenSource: () => {},
}));

const { currentUser, renewBeforeExpirySeconds } = await import('./auth.ts');

beforeEach(() => {
  state.renewals = 0;
});

describe('access token renewal (10-minute tokens)', () => {
  it('renews a token about to expire before using it, and renews it once for calls made together', async () => {
    state.stored = { access_token: 'old', refresh_token: 'r1', expires_in: 30, expired: false };
    const tokens = await Promise.all([currentUser(), currentUser(), currentUser()]);
    expect(tokens.map((user) => user?.access_token)).toEqual(['renewed-1', 'renewed-1', 'renewed-1']);
    expect(state.renewals).toBe(1);
  });

  it('renews an expired token once, however many requests ask for it at the same time', async () => {
    state.stored = { access_token: 'old', refresh_token: 'r1', expires_in: -5, expired: true };
    await Promise.all(Array.from({ length: 5 }, () => currentUser()));
    expect(state.renewals).toBe(1);
  });

  it('leaves a fresh token alone', async () => {
    state.stored = { access_token: 'fresh', refresh_token: 'r1', expires_in: 590, expired: false };
    expect((await currentUser())?.access_token).toBe('fresh');
    expect(state.renewals).toBe(0);
  });

  it('renews well within the token lifetime (a lead shorter than 10 minutes), never by its own timer in each tab', () => {
    expect(renewBeforeExpirySeconds).toBeGreaterThan(0);
    expect(renewBeforeExpirySeconds).toBeLessThan(600);
    expect(state.settings?.automaticSilentRenew).toBe(false);
  });
});
