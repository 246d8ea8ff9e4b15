// End-to-end tests: Playwright drives Debian's Chromium against the really started server.
import { ensureChromium, runOrExit } from './lib.mjs';

ensureChromium();
if (!process.argv.includes('--no-build')) await runOrExit('Web build', 'npm', ['run', 'build', '--silent']);
await runOrExit('End-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
