import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';

/**
 * Where file bytes live. Keys start with the workspace id. The local-disk implementation is the
 * default; an S3-compatible one can take its place behind the same interface.
 */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  /** Writes what the source yields, chunk by chunk (exports), so memory stays flat; returns the size. */
  putStream(key: string, source: AsyncIterable<Buffer | string>): Promise<number>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
};

const keyPattern = /^[0-9a-f-]{36}\/[0-9a-f-]{36}(\.[a-z0-9]+)?$/;

/** Files under DATA_DIR/files; written to a temporary name, flushed, then renamed into place. */
export function localDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    },
    async putStream(key, source) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      let size = 0;
      const counted = async function* () {
        for await (const chunk of source) {
          size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
          yield chunk;
        }
      };
      try {
        await pipeline(Readable.from(counted()), createWriteStream(temporary));
        const handle = await open(temporary, 'r+');
        await handle.sync().finally(() => handle.close());
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return size;
    },
    read(key) {
      return createReadStream(pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The deployment's file storage: the one place that decides where bytes live. */
export function fileStorage(config: Pick<Config, 'dataDir'>): FileStorage {
  return localDiskStorage(path.join(config.dataDir, 'files'));
}
