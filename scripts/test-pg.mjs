// `npm run test:pg`: the integration suite against a real PostgreSQL server. Installs Debian's
// postgresql when missing, starts a throwaway cluster on loopback, runs, stops and removes it.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, run } from './lib.mjs';

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

async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let bin = postgresBin();
if (!bin) {
  ensureDebianPackages(['postgresql'], 'The PostgreSQL suite needs a PostgreSQL server.');
  bin = postgresBin();
}

// PostgreSQL refuses to run as root: as root the cluster belongs to the postgres system user.
const asRoot = process.getuid?.() === 0;
const runAs = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'formwork-pg-'));
chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
const port = await freePort();

function pgCommand(tool, args) {
  const [cmd, ...rest] = [...runAs, path.join(bin, tool), ...args];
  const result = spawnSync(cmd, rest, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${tool} failed`);
}

let code = 1;
try {
  pgCommand('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  pgCommand('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  ]);
  console.log(`PostgreSQL started on 127.0.0.1:${port}`);
  code = await run('npx', ['vitest', 'run', '--project', 'server'], {
    env: { ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
  });
} finally {
  try {
    pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {}
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
