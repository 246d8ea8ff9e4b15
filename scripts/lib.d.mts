// Types of the script helpers the TypeScript benches use.
export const repoRoot: string;
export const serverArgs: string[];
export function buildServer(): Promise<void>;
export function startPostgres(
  settings?: string[],
  options?: { from?: string },
): Promise<{ url: string; stop: () => void; backup: (target: string) => void }>;
