/** Spec 5.4: searching starts at 2 characters (trimmed). */
export const workspaceSearchMinLength = 2;
/** Spec 9: workspace search debounce. */
export const workspaceSearchDebounceMs = 250;

/** Non-super users filter their own workspaces locally, case-insensitively by name. */
export function filterWorkspaces<W extends { name: string }>(workspaces: readonly W[], query: string): W[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < workspaceSearchMinLength) return [...workspaces];
  return workspaces.filter((w) => w.name.toLowerCase().includes(needle));
}
