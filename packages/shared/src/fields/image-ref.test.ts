import { describe, expect, it } from 'vitest';
import { imageRefSchema } from './field-base.ts';

const companyId = '0b6f2a43-7f7a-4c47-9b2e-1f1f6b1f0a01';
const fileId = '6a1f1e8e-2f4b-4a51-8d3a-9c0e5b7d2c11';
const base = { fileName: 'logo.png', contentType: 'image/png', sizeBytes: 1200 };

describe('template images are uploaded files, not outside URLs', () => {
  it('accepts an uploaded file and its own API path', () => {
    expect(
      imageRefSchema.safeParse({ ...base, fileId, url: `/api/companies/${companyId}/files/${fileId}` }).success,
    ).toBe(true);
    expect(imageRefSchema.safeParse({ ...base, fileId }).success).toBe(true);
  });

  it('refuses an outside URL, another path, or a URL naming another file, with a message on url', () => {
    for (const url of [
      'https://evil.example/logo.png',
      '//evil.example/logo.png',
      `https://evil.example/api/companies/${companyId}/files/${fileId}`,
      `/api/companies/${companyId}/files/${companyId}`,
      '/idp/token',
    ]) {
      const parsed = imageRefSchema.safeParse({ ...base, fileId, url });
      expect(parsed.success, url).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['url']);
    }
  });

  it('refuses a URL without the uploaded file it names', () => {
    expect(imageRefSchema.safeParse({ ...base, url: `/api/companies/${companyId}/files/${fileId}` }).success).toBe(
      false,
    );
  });
});
