import type { AppDb } from '../../db/client.ts';

type Entry = { version: number; json: string };

/**
 * Built folder trees, as JSON text, each valid while its workspace's folders_version is the one
 * read before it was built (a trigger bumps the version with every change to the workspace's
 * folders, so a tree is never served after a change; one built from newer rows than its version
 * is only ever replaced). Bounded by total size, the least recently used going first.
 */
export class FolderTreeCache {
  readonly #entries = new Map<string, Entry>();
  #chars = 0;

  constructor(private readonly maxChars = 32 * 1024 * 1024) {}

  get(key: string, version: number): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.json;
  }

  set(key: string, version: number, json: string) {
    this.#remove(key);
    if (json.length > this.maxChars) return;
    for (const [oldest] of this.#entries) {
      if (this.#chars + json.length <= this.maxChars) break;
      this.#remove(oldest);
    }
    this.#entries.set(key, { version, json });
    this.#chars += json.length;
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#chars -= entry.json.length;
  }
}

/** One cache per database: two databases (tests run many) may hold the same workspace ids. */
const caches = new WeakMap<AppDb, FolderTreeCache>();

export function treeCacheOf(db: AppDb): FolderTreeCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FolderTreeCache();
    caches.set(db, cache);
  }
  return cache;
}
