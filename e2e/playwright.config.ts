import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
const dataDir = path.resolve(import.meta.dirname, '../.tmp/e2e-data');

// The real server on a fresh embedded database with the demo organisation, driven by Debian's Chromium.
export default defineConfig({
  testDir: './tests',
  // An SMTP receiver for the server's outbox (issue 16: tests read the activation e-mail).
  globalSetup: './global-setup.ts',
  outputDir: '../.tmp/e2e-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/server-ping`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${port + 2}`,
      // webhooks.spec's receiver listens on loopback, which is refused unless allowed.
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  },
});
