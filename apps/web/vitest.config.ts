import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { allTexts } from './build/all-texts.ts';

export default defineProject({
  plugins: [react(), allTexts(fileURLToPath(new URL('src/locales', import.meta.url)))],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    css: false,
  },
});
