// Small helpers shared by the npm scripts: run a command, find or install system packages.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

/**
 * The production server: the bundle `buildServer()` writes, run by plain node with a fixed heap
 * budget. V8 sizes its garbage collection by the heap limit, which otherwise follows the host's
 * memory (4 GB here): then a 100,000-form export grows the process by ~100 MB before a full
 * collection, against ~35 MB with this limit (docs/decisions/0010).
 */
export const serverArgs = ['--max-old-space-size=1024', 'apps/server/dist/main.mjs'];

/**
 * Bundles the server's TypeScript (and the shared package's) into apps/server/dist/main.mjs; npm
 * packages stay external, loaded from node_modules. The files the server reads beside its modules
 * (migrations, the sign-in pages' assets) are copied next to the bundle. Takes well under a second.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const serverDir = path.join(repoRoot, 'apps/server');
  const dist = path.join(serverDir, 'dist');
  const { dependencies } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const packages = Object.keys(dependencies).filter((name) => !name.startsWith('@formwork/'));
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: path.join(dist, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: packages.flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
  cpSync(path.join(serverDir, 'src/idp/assets'), path.join(dist, 'assets'), { recursive: true });
}

/** The bin directory of the newest PostgreSQL server installed (Debian's layout), if any. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

async function freeLoopbackPort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway PostgreSQL cluster on loopback (installs Debian's postgresql when missing): answers
 * its url and stop() (which removes it). `settings` are extra server settings (`-c name=value`).
 * `npm run test:pg` and the benches without DATABASE_URL use it.
 */
/**
 * A throwaway PostgreSQL cluster on loopback. `from`: start from a copy of this data directory
 * (a base backup the benches keep, `bench/lib/postgres.ts`) instead of an empty cluster.
 * `backup(dir)` writes a consistent copy of the running cluster's data there (pg_basebackup).
 */
export async function startPostgres(settings = [], { from } = {}) {
  let bin = postgresBin();
  if (!bin) {
    ensureDebianPackages(['postgresql'], 'This needs a PostgreSQL server.');
    bin = postgresBin();
  }
  // PostgreSQL refuses to run as root: as root the cluster belongs to the postgres system user.
  const runAs = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formwork-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freeLoopbackPort();
  const pgCommand = (tool, args) => {
    const [cmd, ...rest] = [...runAs, path.join(bin, tool), ...args];
    const result = spawnSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${tool} failed`);
  };
  if (from) {
    // cp -a keeps the files' owner (the postgres system user when running as root).
    const copied = spawnSync('cp', ['-a', from, dataDir], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (copied.status !== 0) throw new Error(`copying ${from} failed`);
  } else {
    pgCommand('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  }
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=200', ...settings];
  pgCommand('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', 'start', '-o', options.join(' ')]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    backup(target) {
      pgCommand('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        target,
        '-X',
        'stream',
        '-c',
        'fast',
      ]);
    },
    stop() {
      try {
        pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
