import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { fetchTransport, OidcTestClient } from '../oidc-client.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const demoPassword = 'Crash-test-password-1';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Where a real server keeps its data: a PGlite directory, or a fresh PostgreSQL database. */
export async function serverStorage(): Promise<Record<string, string>> {
  const source = inject('testDatabase');
  if (source.driver === 'pglite') return { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'formwork-crash-')) };
  const name = `formwork_crash_${Date.now()}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  return { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'formwork-crash-')), DATABASE_URL: url.toString() };
}

export type RunningServer = {
  url: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The real server (`apps/server/src/main.ts`) in a child process, demo data seeded on first start. */
export async function startServer(storage: Record<string, string>, port?: number): Promise<RunningServer> {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...storage,
      NODE_ENV: 'development',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: demoPassword,
      WEB_DIST: path.join(os.tmpdir(), 'formwork-no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/server-ping`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Signs in as a demo user through the real provider, over HTTP. */
export async function signInOver(server: RunningServer, email: string): Promise<string> {
  const client = new OidcTestClient(fetchTransport(server.url), 'formwork-web', `${server.url}/oauth-redirect`);
  const { code, verifier } = await client.signIn(email, demoPassword);
  const response = await client.exchange(code, verifier);
  return response.json().access_token as string;
}
