import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 15.4: a signed-in page finds its session without loading the OIDC client (counted here by
// its UserManager being made); a token due for renewal, or none, goes through the client.
const loaded = vi.hoisted(() => ({ count: 0, getUser: vi.fn() }));
vi.mock('oidc-client-ts', () => {
  class UserManager {
    constructor() {
      loaded.count += 1;
    }
    getUser = loaded.getUser;
    signinSilent = vi.fn();
    removeUser = vi.fn();
  }
  class WebStorageStateStore {}
  return { UserManager, WebStorageStateStore };
});

const config = { issuer: 'https://app.test/idp', clientId: 'formwork-web', scope: 'openid', embedded: true };
const storeKey = `oidc.user:${config.issuer}:${config.clientId}`;

beforeEach(() => {
  vi.resetModules();
  loaded.count = 0;
  loaded.getUser.mockReset().mockResolvedValue(null);
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the session at start-up', () => {
  it('a stored, unexpired session answers without loading the OIDC client', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem(storeKey, JSON.stringify({ access_token: 'stored-token', expires_at: expiresAt }));
    const { currentUser } = await import('./auth.ts');
    expect((await currentUser())?.access_token).toBe('stored-token');
    expect(loaded.count).toBe(0);
  });

  it('the API client sends the stored token', async () => {
    localStorage.setItem(
      storeKey,
      JSON.stringify({ access_token: 'stored-token', expires_at: Math.floor(Date.now() / 1000) + 3600 }),
    );
    const { currentUser } = await import('./auth.ts');
    await currentUser();
    const { apiRequest } = await import('./http.ts');
    await apiRequest('/api/me');
    const calls = vi.mocked(fetch).mock.calls;
    const last = calls[calls.length - 1];
    expect(((last?.[1]?.headers ?? {}) as Record<string, string>).authorization).toBe('Bearer stored-token');
  });

  it('an expired or missing session goes through the OIDC client', async () => {
    localStorage.setItem(
      storeKey,
      JSON.stringify({ access_token: 'old', expires_at: Math.floor(Date.now() / 1000) - 10 }),
    );
    const { currentUser } = await import('./auth.ts');
    expect(await currentUser()).toBeNull();
    expect(loaded.count).toBe(1);
    expect(loaded.getUser).toHaveBeenCalled();
  });
});
