import { defineConfig } from 'vitest/config';

// One command runs every unit and integration test; each workspace has its own project config.
export default defineConfig({
  test: { projects: ['packages/shared', 'apps/server', 'apps/web'] },
});
