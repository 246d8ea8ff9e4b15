import type { App } from './types.ts';

/** Content types an upload may be sent as: what the bytes really are is sniffed, never trusted. */
const rawUploadTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/gif', 'application/octet-stream'];

/**
 * Lets the routes of this plugin take an upload as the raw bytes of one file, up to `maxBytes`
 * (one more byte is read, so the service can say the file is too large in its own words).
 */
export function acceptRawUploads(app: App, maxBytes: number) {
  app.addContentTypeParser(rawUploadTypes, { parseAs: 'buffer', bodyLimit: maxBytes + 1 }, (_request, body, done) =>
    done(null, body),
  );
}
