import net from 'node:net';

/** A port free on loopback now (the servers under test listen on a known port: PUBLIC_URL names it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
