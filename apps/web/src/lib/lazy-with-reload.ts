import { type ComponentType, lazy } from 'react';
import { isChunkLoadError, reportError } from './error-reporter.ts';
import { loadAllTexts } from './i18n.ts';

export { isChunkLoadError };

/** Spec 8.1: the first failed chunk load within 5 minutes reloads the page (a new deploy moved it). */
export const chunkReloadWindowMs = 5 * 60 * 1000;
export const chunkReloadStorageKey = 'formwork:chunk-reload-at';

/** True when this failure should reload the page; remembers the reload in the session. */
export function shouldReloadForChunkError(now = Date.now(), storage: Storage = sessionStorage): boolean {
  const last = Number(storage.getItem(chunkReloadStorageKey) ?? 0);
  if (last && now - last < chunkReloadWindowMs) return false;
  storage.setItem(chunkReloadStorageKey, String(now));
  return true;
}

// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() signature.
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const [module] = await Promise.all([load(), import('./mantine-styles.ts'), loadAllTexts()]);
      return module;
    } catch (error) {
      // Spec 8.1: reported, tagged as a chunk failure (the report outlives a reload).
      reportError(error);
      if (isChunkLoadError(error) && shouldReloadForChunkError()) {
        window.location.reload();
        // Never resolves: the page is going away.
        return new Promise<{ default: T }>(() => {});
      }
      throw error;
    }
  });
}
