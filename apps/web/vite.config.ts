import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { allTexts } from './build/all-texts.ts';
import { buildId } from './build/build-id.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.FORMWORK_API ?? 'http://localhost:3000';

// React Router's package exports only its development build (warnings and their texts included);
// the production build sits beside it. Production bundles take that one (issue 15.4).
const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [react(), allTexts(fileURLToPath(new URL('src/locales', import.meta.url))), buildId(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/idp': apiTarget },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // floating-ui (menus, popovers, tooltips) in a chunk of its own: left to itself, the
        // bundler put Mantine's DirectionProvider, which the first screen needs, in the same
        // chunk, and the first screen then loaded all of floating-ui with it (issue 15.4).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 2 },
            { name: 'first-screen', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
}));
