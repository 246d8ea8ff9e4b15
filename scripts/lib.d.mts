// Types of the script helpers the TypeScript benches use.
export const repoRoot: string;
export const serverArgs: string[];
export function buildServer(): Promise<void>;
