// `npm test`: lint and layer rules, types, the web build, every unit and integration test
// (Vitest, PGlite), then the end-to-end tests in Debian's Chromium against the started server.
import { ensureChromium, runOrExit } from './lib.mjs';

ensureChromium();
await runOrExit('Lint', 'npm', ['run', 'lint', '--silent']);
await runOrExit('Typecheck', 'npm', ['run', 'typecheck', '--silent']);
await runOrExit('Web build', 'npm', ['run', 'build', '--silent']);
await runOrExit('Unit and integration tests', 'npx', ['vitest', 'run']);
await runOrExit('End-to-end tests', 'node', ['scripts/test-e2e.mjs', '--no-build']);
