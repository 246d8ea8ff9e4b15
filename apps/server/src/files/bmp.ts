import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { maxBmpPixels, uploadMessages } from '@formwork/shared/uploads';
import { AppError } from '../errors.ts';

/** Width and height from a BMP's header (BITMAPINFOHEADER and later), before anything is decoded. */
export function bmpDimensions(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 26) return undefined;
  const headerSize = data.readUInt32LE(14);
  if (headerSize < 40) return undefined;
  const width = data.readInt32LE(18);
  const height = Math.abs(data.readInt32LE(22));
  if (width <= 0 || height <= 0) return undefined;
  return { width, height };
}

// The worker is plain JavaScript run from a string, so it needs no build step of its own (the
// server runs from TypeScript in development and tests, from one bundle in production); it decodes
// with bmp-js, loaded from node_modules like every npm package, and answers RGB pixels.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const bmp = require(workerData.bmpJs);
parentPort.on('message', ({ id, data }) => {
  try {
    const decoded = bmp.decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    const pixels = decoded.width * decoded.height;
    const rgb = new Uint8Array(pixels * 3);
    const abgr = decoded.data;
    for (let p = 0; p < pixels; p++) {
      rgb[p * 3] = abgr[p * 4 + 3];
      rgb[p * 3 + 1] = abgr[p * 4 + 2];
      rgb[p * 3 + 2] = abgr[p * 4 + 1];
    }
    parentPort.postMessage({ id, width: decoded.width, height: decoded.height, rgb }, [rgb.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

type Decoded = { width: number; height: number; rgb: Buffer };
type Pending = { resolve: (decoded: Decoded) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** One worker, started on first use and not keeping the process alive: BMPs decode one at a time. */
function decoder(): Worker {
  if (worker) return worker;
  const started = new Worker(workerSource, {
    eval: true,
    workerData: { bmpJs: createRequire(import.meta.url).resolve('bmp-js') },
  });
  started.unref();
  started.on('message', (message: { id: number; error?: string; width: number; height: number; rgb: Uint8Array }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.error !== undefined) job.reject(new Error(message.error));
    else
      job.resolve({
        width: message.width,
        height: message.height,
        rgb: Buffer.from(message.rgb.buffer, message.rgb.byteOffset, message.rgb.byteLength),
      });
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`BMP decoder stopped (${code})`)));
  worker = started;
  return started;
}

/**
 * Decodes a BMP to RGB off the main thread. Its size is read from the header first: one larger
 * than maxBmpPixels is refused before a byte is allocated for it (a 5 MB 1-bit BMP can hold 40
 * megapixels, 280 MB once decoded).
 */
export async function decodeBmp(data: Buffer): Promise<Decoded> {
  const size = bmpDimensions(data);
  if (!size) throw new Error('Not a BMP this server reads');
  if (size.width * size.height > maxBmpPixels) {
    throw new AppError('payloadTooLarge', { detail: uploadMessages.tooManyPixels });
  }
  const id = nextId++;
  const result = new Promise<Decoded>((resolve, reject) => pending.set(id, { resolve, reject }));
  decoder().postMessage({ id, data });
  return result;
}
