import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download.ts';

let calls: { url: string; init: RequestInit | undefined }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response('zip bytes', {
      headers: { 'content-disposition': 'attachment; filename="photos.zip"', 'content-type': 'application/zip' },
    });
  });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot navigate: the saving click is only observed.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('GETs a file, and POSTs a JSON body when given one (a photo selection as a ZIP)', async () => {
    expect(await downloadFile('/api/x.pdf', 'x.pdf')).toBe('photos.zip');
    expect(calls[0]?.init?.method).toBeUndefined();
    const ids = ['00000000-0000-4000-8000-000000000001'];
    await downloadFile('/api/teams/t/photos/zip', 'fallback.zip', { photoIds: ids });
    expect(calls[1]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ photoIds: ids });
    expect(new Headers(calls[1]?.init?.headers).get('content-type')).toBe('application/json');
  });
});
