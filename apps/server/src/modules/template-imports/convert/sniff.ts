/** What the first bytes of an upload say it is; the file name's extension is never trusted alone. */
export type Sniffed = 'pdf' | 'zip' | 'ole' | 'image' | 'text' | 'binary';

export function sniff(head: Buffer): Sniffed {
  if (head.subarray(0, 1024).indexOf('%PDF-') >= 0) return 'pdf';
  if (head.readUInt32BE(0) === 0x504b0304) return 'zip';
  if (head.readUInt32BE(0) === 0xd0cf11e0) return 'ole';
  const ascii = head.toString('latin1', 0, 12);
  if (
    head.readUInt16BE(0) === 0xffd8 ||
    ascii.startsWith('\x89PNG') ||
    ascii.startsWith('GIF8') ||
    ascii.startsWith('II*\0') ||
    ascii.startsWith('MM\0*') ||
    ascii.startsWith('BM') ||
    (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') ||
    /^ftyp(heic|heix|mif1|avif)/.test(ascii.slice(4, 12))
  )
    return 'image';
  return head.subarray(0, 8192).includes(0) ? 'binary' : 'text';
}
