// Small helpers shared by the npm scripts: run a command, find or install system packages.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(label, command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n${label} failed (exit ${code}).`);
    process.exit(code);
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian packages when running as root; otherwise says what to install and exits. */
export function ensureDebianPackages(packages, reason) {
  if (!isRoot()) {
    console.error(`${reason} Install it with: sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${packages.join(' ')} from Debian (${reason.trim()})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  if (update.status !== 0 || install.status !== 0) {
    console.error(`Could not install ${packages.join(' ')}.`);
    process.exit(1);
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (!existsSync(chromiumPath)) {
    ensureDebianPackages(['chromium', 'fonts-liberation'], "End-to-end tests need Debian's Chromium.");
  }
}

export function webIsBuilt() {
  return existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));
}
