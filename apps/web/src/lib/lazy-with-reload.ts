import { type ComponentType, lazy } from 'react';
import { loadAllTexts } from './i18n.ts';

/** Spec 8.1: the first failed chunk load within 5 minutes reloads the page (a new deploy moved it). */
export const chunkReloadWindowMs = 5 * 60 * 1000;
export const chunkReloadStorageKey = 'formwork:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

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
      if (isChunkLoadError(error) && shouldReloadForChunkError()) {
        window.location.reload();
        // Never resolves: the page is going away.
        return new Promise<{ default: T }>(() => {});
      }
      throw error;
    }
  });
}
