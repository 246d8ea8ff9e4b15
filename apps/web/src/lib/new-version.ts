/** The header in which the server names the web build it serves (issue 25.5). */
export const buildHeader = 'x-formwork-build';

const ownBuild = () => document.querySelector<HTMLMetaElement>('meta[name="formwork-build"]')?.content ?? '';

let newer = false;
const listeners = new Set<() => void>();

/**
 * Called with the build an API answer names: once it differs from the build this page was loaded
 * from, a new version has been deployed. Development and test pages carry no build name and
 * never ask.
 */
export function noticeServerBuild(serverBuild: string | null): void {
  if (newer || !serverBuild) return;
  const own = ownBuild();
  if (!own || own === serverBuild) return;
  newer = true;
  for (const listener of listeners) listener();
}

export const newVersionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  available: () => newer,
};
