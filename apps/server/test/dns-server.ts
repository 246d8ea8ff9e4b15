import dgram from 'node:dgram';

/**
 * A small authoritative DNS server on loopback for the tests: answers TXT questions from `records`
 * (domain -> TXT strings; change it while running), NXDOMAIN for a name it does not know and an
 * empty answer for other types. The server's real resolver (node:dns) asks it through DNS_SERVERS.
 */
export async function startDnsServer(): Promise<{
  records: Map<string, string[]>;
  address: string;
  close(): Promise<void>;
}> {
  const records = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (query.length < 12) return;
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset] ?? 0;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const known = records.get(name);
    const answers = known && type === 16 ? known : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(known ? 0x8580 : 0x8583, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const parts = [header, query.subarray(12, questionEnd)];
    for (const text of answers) {
      const strings: Buffer[] = [];
      for (let i = 0; i < text.length || i === 0; i += 255) {
        const chunk = Buffer.from(text.slice(i, i + 255), 'latin1');
        strings.push(Buffer.from([chunk.length]), chunk);
      }
      const rdata = Buffer.concat(strings);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0);
      fixed.writeUInt16BE(16, 2);
      fixed.writeUInt16BE(1, 4);
      fixed.writeUInt32BE(5, 6);
      fixed.writeUInt16BE(rdata.length, 10);
      parts.push(fixed, rdata);
    }
    socket.send(Buffer.concat(parts), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    records,
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
