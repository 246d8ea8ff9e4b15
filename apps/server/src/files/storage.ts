import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys start with the workspace id. The local-disk implementation is the
 * default; an S3-compatible one can take its place behind the same interface.
 */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
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
    read(key) {
      return createReadStream(pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
