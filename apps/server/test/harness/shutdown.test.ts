import { describe, expect, it } from 'vitest';
import { serverStorage, signInOver, startServer } from './running-server.ts';

describe('graceful shutdown', () => {
  it('SIGTERM lets a request in flight finish, closes the database and exits 0', async () => {
    const storage = await serverStorage();
    const server = await startServer(storage);
    const token = await signInOver(server, 'org.controller@acme.example');
    const inFlight = fetch(`${server.url}/api/workspaces/accessible`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const exitCode = server.stop('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await exitCode).toBe(0);

    // The database was closed cleanly: the next start opens it and serves at once.
    const again = await startServer(storage, Number(new URL(server.url).port));
    const ping = await fetch(`${again.url}/api/server-ping`);
    expect(ping.status).toBe(200);
    expect(await again.stop('SIGTERM')).toBe(0);
  }, 60_000);
});
