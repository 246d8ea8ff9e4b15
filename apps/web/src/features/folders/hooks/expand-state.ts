import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 2.4, 9: per workspace and project, saved under this key with a 300 ms debounce. */
export const expandStateStorageKey = 'dp-folder-nav-expand-state';
export const expandStateSaveDebounceMs = 300;

type Stored = Record<string, Record<string, boolean>>;

function readAll(): Stored {
  try {
    const raw = localStorage.getItem(expandStateStorageKey);
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

export function readExpandState(workspaceId: string): Record<string, boolean> {
  return { ...(readAll()[workspaceId] ?? {}) };
}

function write(workspaceId: string, state: Record<string, boolean>) {
  try {
    localStorage.setItem(expandStateStorageKey, JSON.stringify({ ...readAll(), [workspaceId]: state }));
  } catch {
    // Storage full or blocked: the state lasts for this page only.
  }
}

/** Which projects are expanded; a project never seen before is expanded (the default). */
export function useExpandState(workspaceId: string) {
  const [state, setState] = useState(() => ({ workspaceId, map: readExpandState(workspaceId) }));
  const current = state.workspaceId === workspaceId ? state.map : readExpandState(workspaceId);
  if (state.workspaceId !== workspaceId) setState({ workspaceId, map: current });
  const dirty = useRef<{ workspaceId: string; map: Record<string, boolean> } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: save after each change of the state.
  useEffect(() => {
    if (!dirty.current) return;
    const pending = dirty.current;
    const timer = setTimeout(() => {
      write(pending.workspaceId, pending.map);
      dirty.current = null;
    }, expandStateSaveDebounceMs);
    return () => clearTimeout(timer);
  }, [state]);

  // Whatever is still pending is saved when the navigation goes away.
  useEffect(
    () => () => {
      if (dirty.current) write(dirty.current.workspaceId, dirty.current.map);
    },
    [],
  );

  const update = useCallback(
    (change: (map: Record<string, boolean>) => Record<string, boolean>) =>
      setState((previous) => {
        const map = change(previous.map);
        dirty.current = { workspaceId: previous.workspaceId, map };
        return { workspaceId: previous.workspaceId, map };
      }),
    [],
  );

  const isExpanded = useCallback((projectId: string) => current[projectId] !== false, [current]);
  const toggle = useCallback(
    (projectId: string) => update((map) => ({ ...map, [projectId]: map[projectId] === false })),
    [update],
  );
  const setAll = useCallback(
    (projectIds: readonly string[], expanded: boolean) =>
      update((map) => {
        const next = { ...map };
        for (const id of projectIds) next[id] = expanded;
        return next;
      }),
    [update],
  );
  const expand = useCallback((projectId: string) => update((map) => ({ ...map, [projectId]: true })), [update]);
  return { isExpanded, toggle, setAll, expand };
}
