import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBlob, apiRequest, isOwnApiUrl, setTokenSource } from './http.ts';

const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
);

function sentAuthorization(): string | undefined {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  return (init?.headers as Record<string, string> | undefined)?.authorization;
}

describe('the bearer token goes to this API only', () => {
  vi.stubGlobal('fetch', fetchMock);
  setTokenSource(async () => 'secret-token');
  afterEach(() => fetchMock.mockClear());

  it('is attached to an uploaded file of this API', async () => {
    await apiBlob('/api/companies/c/files/f');
    expect(sentAuthorization()).toBe('Bearer secret-token');
    await apiBlob(`${window.location.origin}/api/companies/c/files/f`);
    expect(sentAuthorization()).toBe('Bearer secret-token');
  });

  it('is never sent to a URL a template names elsewhere (a header image on another site)', async () => {
    for (const url of [
      'https://evil.example/logo.png',
      '//evil.example/api/companies/c/files/f',
      'http://evil.example:80/api/x',
      `${window.location.origin}/idp/token`,
    ]) {
      await apiBlob(url).catch(() => undefined);
      expect(sentAuthorization(), url).toBeUndefined();
    }
    await apiRequest('https://evil.example/api/me').catch(() => undefined);
    expect(sentAuthorization()).toBeUndefined();
  });

  it('tells own API addresses from others', () => {
    expect(isOwnApiUrl('/api/me')).toBe(true);
    expect(isOwnApiUrl('https://evil.example/api/me')).toBe(false);
    expect(isOwnApiUrl('/\\evil.example/api/me')).toBe(false);
    expect(isOwnApiUrl('/login')).toBe(false);
  });
});
