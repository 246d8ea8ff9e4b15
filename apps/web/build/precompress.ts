import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser loads (not source maps, which only developer tools fetch). */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers: the same threshold as the API's. */
const minBytes = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside each compressible file of
 * `dir` above 1 KB. The server sends the one the browser accepts as is (@fastify/static
 * `preCompressed`), so the best compression is paid once at build, never per request.
 * Returns the files compressed.
 */
export async function precompressFiles(dir: string, files: string[]): Promise<string[]> {
  const chosen: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      if (!compressible.test(file)) return;
      const source = await readFile(path.join(dir, file));
      if (source.length < minBytes) return;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: 9 }),
      ]);
      await Promise.all([writeFile(path.join(dir, `${file}.br`), br), writeFile(path.join(dir, `${file}.gz`), gz)]);
      chosen.push(file);
    }),
  );
  return chosen;
}

/** Vite plugin: precompresses every emitted file once the bundle is written (production builds). */
export function precompress(): Plugin {
  return {
    name: 'formwork-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await precompressFiles(dir, Object.keys(bundle));
    },
  };
}
