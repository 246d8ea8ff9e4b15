import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A ZIP archive written as a stream (XLSX workbooks; PDF bundles later): each entry is deflated as
 * its data arrives, with sizes and CRC in a data descriptor after it, so nothing is buffered
 * whole. No ZIP64: entries and the archive stay under 4 GB.
 */
export type ZipEntry = { name: string; data: AsyncIterable<Buffer | string> | Buffer | string };

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

async function* chunks(data: ZipEntry['data']): AsyncIterable<Buffer> {
  if (typeof data === 'string' || Buffer.isBuffer(data)) {
    yield Buffer.from(data);
    return;
  }
  for await (const chunk of data) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

export async function* zipStream(entries: Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const stamp = dosDateTime(new Date());
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(stamp.time, 10);
    local.writeUInt16LE(stamp.date, 12);
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const tapped = async function* () {
      for await (const chunk of chunks(entry.data)) {
        crc = zlib.crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
      }
    };
    for await (const out of Readable.from(tapped()).pipe(zlib.createDeflateRaw({ level: 6 }))) {
      compressed += (out as Buffer).length;
      yield out as Buffer;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(stamp.time, 12);
    header.writeUInt16LE(stamp.date, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + compressed + 16;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
