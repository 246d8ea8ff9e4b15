import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@formwork/server/src/config.ts';
import { openDatabase } from '@formwork/server/src/db/client.ts';
import { migrate } from '@formwork/server/src/db/migrate.ts';
import { buildServer, repoRoot, serverArgs } from '../../scripts/lib.mjs';
import { freePort } from './server.ts';

/**
 * The production server as `npm start` runs it, in its own process, for figures about that process
 * alone (its memory). The database is prepared from this process first: on PostgreSQL through
 * `databaseUrl`; on PGlite in a data directory that this process closes before the server opens it.
 */
export async function prepareServerProcess(databaseUrl: string | null) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'formwork-bench-server-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadConfig(env);
  const database = await openDatabase(
    databaseUrl ? { driver: 'pg', url: databaseUrl } : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  await migrate(database);
  let child: ChildProcess | undefined;
  const memory = (name: 'VmRSS' | 'VmHWM') => {
    const line = readFileSync(`/proc/${child?.pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    return Math.round(Number.parseInt(line?.split(':')[1] ?? '0', 10) / 1024);
  };
  return {
    config,
    database,
    url: env.PUBLIC_URL as string,
    /** Starts the server; on PGlite the database handle above is closed first. */
    async start() {
      if (!databaseUrl) await database.close();
      await buildServer();
      // Without a databaseUrl the server must not find this process's DATABASE_URL.
      const { DATABASE_URL: _inherited, ...inherited } = process.env;
      child = spawn(process.execPath, serverArgs, { cwd: repoRoot, env: { ...inherited, ...env }, stdio: 'inherit' });
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        const ready = await fetch(`${env.PUBLIC_URL}/api/server-ping`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** Resident memory now, in MB. */
    rssMb: () => memory('VmRSS'),
    /** The highest resident memory since the last resetPeak(), in MB (Linux: /proc/PID/status). */
    peakRssMb: () => memory('VmHWM'),
    resetPeak: () => writeFileSync(`/proc/${child?.pid}/clear_refs`, '5'),
    async stop() {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child?.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (databaseUrl) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
