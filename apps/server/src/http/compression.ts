import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this leave as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;
const syncCompressionMaxBytes = 256 * 1024;

/**
 * Compresses replies per Accept-Encoding (brotli, else gzip) when their type is compressible
 * (JSON, problem+json, CSV, HTML, SVG; not PDF, XLSX, ZIP or images, which are compressed
 * already) and they are larger than the threshold. Replies that carry a Content-Encoding already
 * (the web app's precompressed files) and hijacked ones (the identity provider) pass untouched.
 * Request bodies are never inflated: a small zipped body could expand past the body limit.
 * Register before any route.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
    // Replies up to this size are compressed in one call and sent with their length (brotli level
    // 4: about 2 ms for 256 KB); larger ones and streams (downloads) are compressed as they go.
    // Chromium's recorder (Playwright traces) never finished a streamed reply read by fetch().
    syncThreshold: syncCompressionMaxBytes,
  });
}
