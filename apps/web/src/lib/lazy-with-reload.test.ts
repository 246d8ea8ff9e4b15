import { beforeEach, describe, expect, it } from 'vitest';
import { chunkReloadWindowMs, isChunkLoadError, shouldReloadForChunkError } from './lazy-with-reload.ts';

describe('chunk load failures (spec 8.1)', () => {
  beforeEach(() => sessionStorage.clear());

  it('recognises a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads on the first failure, not again within 5 minutes, and again after', () => {
    const t0 = 1_000_000;
    expect(shouldReloadForChunkError(t0)).toBe(true);
    expect(shouldReloadForChunkError(t0 + 60_000)).toBe(false);
    expect(shouldReloadForChunkError(t0 + chunkReloadWindowMs + 1)).toBe(true);
  });
});
