import { useSyncExternalStore } from 'react';

/** The workspace the user last worked in, so `/` lands there (spec 2.6). */
export const currentWorkspaceStorageKey = 'formwork:current-workspace';

const listeners = new Set<() => void>();

export function storedWorkspaceId(): string | null {
  try {
    return localStorage.getItem(currentWorkspaceStorageKey);
  } catch {
    return null;
  }
}

export function rememberWorkspace(workspaceId: string) {
  if (storedWorkspaceId() === workspaceId) return;
  try {
    localStorage.setItem(currentWorkspaceStorageKey, workspaceId);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function useStoredWorkspaceId(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, storedWorkspaceId);
}
