import { inflateRawSync } from 'node:zlib';
import { ConversionRefused } from './conversion-refused.ts';

/**
 * XLSX and DOCX files are zips: before a parser opens one, its central directory is read and every
 * entry is inflated here with a hard cap on its output, so a zip bomb (a small file that inflates to
 * gigabytes, or whose sizes lie) is refused before any parser holds it in memory.
 */

export const zipLimits = {
  entries: 10_000,
  /** What all entries may inflate to, together. */
  totalBytes: 256 * 1024 * 1024,
  /** An entry larger than `ratioFloorBytes` may inflate at most this many times its compressed size. */
  ratio: 1000,
  ratioFloorBytes: 10 * 1024 * 1024,
} as const;

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number };

const bombReason = 'the file expands to more data than a document can hold (a compressed archive bomb).';
const brokenReason = 'the file is damaged or is not an Office document.';

function endOfCentralDirectory(data: Buffer): number {
  const earliest = Math.max(0, data.length - 65_557);
  for (let at = data.length - 22; at >= earliest; at--) {
    if (data.readUInt32LE(at) === 0x06054b50) return at;
  }
  throw new ConversionRefused(brokenReason);
}

/** The entries the central directory lists (no entry is inflated). */
export function zipEntries(data: Buffer): ZipEntry[] {
  if (data.length < 22) throw new ConversionRefused(brokenReason);
  const end = endOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  // Zip64 markers: an Office document of at most 100MB never needs them.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ConversionRefused(bombReason);
  if (count > zipLimits.entries) throw new ConversionRefused(bombReason);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw new ConversionRefused(brokenReason);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entries.push({
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function inflateEntry(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.offset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw new ConversionRefused(brokenReason);
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const compressed = data.subarray(start, start + entry.compressedSize);
  if (compressed.length !== entry.compressedSize) throw new ConversionRefused(brokenReason);
  if (entry.method === 0) return compressed;
  if (entry.method !== 8) throw new ConversionRefused(brokenReason);
  try {
    // One byte more than declared: an entry that lies about its size stops there.
    return inflateRawSync(compressed, { maxOutputLength: entry.size + 1 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ConversionRefused(bombReason);
    throw new ConversionRefused(brokenReason);
  }
}

/**
 * Checks a zip before it is parsed: entry count, declared sizes and ratios, then every entry
 * inflated (one at a time, each capped at its declared size) to prove the sizes true; `onEntry` sees
 * each inflated entry (and keeps only what it needs). Answers the entry names.
 */
export function checkZip(data: Buffer, onEntry?: (name: string, content: Buffer) => void): string[] {
  const entries = zipEntries(data);
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > zipLimits.totalBytes) throw new ConversionRefused(bombReason);
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size > zipLimits.ratioFloorBytes && ratio > zipLimits.ratio) throw new ConversionRefused(bombReason);
  }
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const content = inflateEntry(data, entry);
    if (content.length !== entry.size) throw new ConversionRefused(bombReason);
    onEntry?.(entry.name, content);
  }
  return entries.map((e) => e.name);
}
