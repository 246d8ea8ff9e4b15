import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@formwork/server/src/config.ts';
import { type Database, openDatabase } from '@formwork/server/src/db/client.ts';
import { migrate } from '@formwork/server/src/db/migrate.ts';
import { buildServer, repoRoot, serverArgs } from '../../scripts/lib.mjs';
import { freePort } from './server.ts';

/**
 * The production server as `npm start` runs it (the bundle, plain node with its heap budget,
 * NODE_ENV=production, logging at the default level into a file), in its own process: every
 * bench measures this server. The database is prepared from this process first: on PostgreSQL
 * through `databaseUrl`; on PGlite in a data directory that this process closes before the server
 * opens it. `webDist` serves the built web app (browser benches); without it, only the API.
 */
export async function prepareServerProcess(
  databaseUrl: string | null | undefined = process.env.DATABASE_URL,
  options: { webDist?: string; env?: Record<string, string> } = {},
) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'formwork-bench-server-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: options.webDist ?? path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  /** The server's log lines (JSON, pino), as a deployment would keep them; removed with the rest. */
  const logFile = path.join(dataDir, 'server.log');
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
      // Without a databaseUrl the server must not find this process's DATABASE_URL; the log level
      // is the default one, whatever this process was given.
      const { DATABASE_URL: _inherited, LOG_LEVEL: _level, ...inherited } = process.env;
      const log = openSync(logFile, 'a');
      // BENCH_CPU_PROF=<dir>: a CPU profile of the server, written there when it stops.
      const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
      child = spawn(process.execPath, [...profile, ...serverArgs], {
        cwd: repoRoot,
        env: { ...inherited, ...env },
        stdio: ['ignore', log, 'inherit'],
      });
      closeSync(log);
      for (;;) {
        if (child.exitCode !== null) {
          throw new Error(`the server exited with ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
        }
        const ready = await fetch(`${env.PUBLIC_URL}/api/server-ping`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** The CPU time (user and system) the server process has used so far, in ms. */
    cpuMs: () => processCpuMs(child?.pid),
    /** Resident memory now, in MB. */
    rssMb: () => memory('VmRSS'),
    /** The highest resident memory since the last resetPeak(), in MB (Linux: /proc/PID/status). */
    peakRssMb: () => memory('VmHWM'),
    resetPeak: () => writeFileSync(`/proc/${child?.pid}/clear_refs`, '5'),
    /**
     * Stops the server and removes its data. `inspect` first reads the database the server left
     * (on PGlite, opened again once the server has closed it), e.g. to count what a run wrote.
     */
    async stop<T = undefined>(inspect?: (database: Database) => Promise<T>): Promise<T | undefined> {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child?.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      let seen: T | undefined;
      try {
        if (inspect && databaseUrl) seen = await inspect(database);
        if (inspect && !databaseUrl) {
          const reopened = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
          seen = await inspect(reopened).finally(() => reopened.close());
        }
      } finally {
        if (databaseUrl) await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      return seen;
    },
  };
}

/** The CPU time (user and system) a process has used so far, in ms (Linux: /proc/PID/stat). */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // the process has ended
  }
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
