import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.FORMWORK_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/idp': apiTarget },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
});
