import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http.ts';
import type { TFunction } from '../lib/translate.tsx';
import { type ApiErrorEffects, handleApiError, ssoLogoutDelayMs } from './api-errors.ts';

const t = ((key: string) => key) as unknown as TFunction;
const problem = (status: number, extra: object = {}) =>
  ({ type: 'x', title: 'Title', status, code: 'forbidden', errors: [], ...extra }) as never;

describe('transport errors (spec 8.1)', () => {
  let shown: string[];
  let effects: ApiErrorEffects;
  let signOut: ReturnType<typeof vi.fn<() => void>>;
  let openFirewallModal: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    shown = [];
    signOut = vi.fn<() => void>();
    openFirewallModal = vi.fn<() => void>();
    effects = { t, toast: (_kind, message) => void shown.push(message), signOut, openFirewallModal };
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tags the recognised statuses', () => {
    for (const status of [0, 400, 401, 403, 404, 405, 500])
      expect(new HttpError(status, undefined).tag).toBe(`http-${status}`);
    expect(new HttpError(418, undefined).tag).toBe('http-other');
  });

  it('a single sign-on 401 shows unauthorizedSSO alone and signs out after 2000 ms', async () => {
    await handleApiError(new HttpError(401, problem(401, { meta: { ssoEnabled: true } })), effects);
    expect(shown).toEqual(['errors.unauthorizedSSO']);
    vi.advanceTimersByTime(ssoLogoutDelayMs - 1);
    expect(signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('a network failure with the global ping down opens the firewall modal', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await handleApiError(new HttpError(0, undefined), effects);
    expect(openFirewallModal).toHaveBeenCalledOnce();
    expect(shown).toEqual([]);
  });

  it('a network failure with only the product ping down shows the API-unreachable toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.includes('/user/') ? Promise.resolve(new Response('pong')) : Promise.reject(new TypeError('x')),
      ),
    );
    await handleApiError(new HttpError(0, undefined), effects);
    expect(shown).toEqual(['errors.apiUnreachable']);
  });

  it('a network failure with both pings up says it cannot connect', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('pong')));
    await handleApiError(new HttpError(0, undefined), effects);
    expect(shown).toEqual(['errors.cannotConnect']);
  });

  it('a 500 shows the generic message, a 4xx the server message', async () => {
    await handleApiError(new HttpError(500, problem(500)), effects);
    await handleApiError(new HttpError(403, problem(403, { detail: 'You do not have access' })), effects);
    expect(shown).toEqual(['errors.generic', 'You do not have access']);
  });
});
