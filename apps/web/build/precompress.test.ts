import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress.ts';

describe('precompressing the build (issue 15.4)', () => {
  it('writes a brotli and a gzip file beside each text asset above 1 KB, and none for the rest', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'formwork-precompress-'));
    const big = `export const rows = [${Array.from({ length: 500 }, (_, i) => i).join(',')}];`;
    writeFileSync(path.join(dir, 'shell-abc.js'), big);
    writeFileSync(path.join(dir, 'index-abc.css'), `.a{color:red}`.repeat(200));
    writeFileSync(path.join(dir, 'tiny-abc.js'), 'export {};');
    writeFileSync(path.join(dir, 'shell-abc.js.map'), big);
    writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096));
    const written = await precompressFiles(dir, [
      'shell-abc.js',
      'index-abc.css',
      'tiny-abc.js',
      'shell-abc.js.map',
      'photo.png',
    ]);
    expect(written.sort()).toEqual(['index-abc.css', 'shell-abc.js']);
    expect(zlib.brotliDecompressSync(readFileSync(path.join(dir, 'shell-abc.js.br'))).toString()).toBe(big);
    expect(zlib.gunzipSync(readFileSync(path.join(dir, 'shell-abc.js.gz'))).toString()).toBe(big);
    expect(() => readFileSync(path.join(dir, 'tiny-abc.js.br'))).toThrow();
    expect(() => readFileSync(path.join(dir, 'photo.png.gz'))).toThrow();
  });
});
