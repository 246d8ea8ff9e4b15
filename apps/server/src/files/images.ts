import { photoSizeEdges, photoThumbnailSizes } from '@formwork/shared/schemas/photos';
import {
  type ImageFormat,
  maxImagePixels,
  storedImageMaxEdge,
  type UploadPurpose,
  uploadMessages,
  uploadRules,
} from '@formwork/shared/uploads';
import exifReader from 'exif-reader';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../errors.ts';
import { decodeBmp } from './bmp.ts';
import { decodeSlots } from './decode-slots.ts';

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
  /** Where the photo was taken, kept only when the field asks for it. */
  location: { latitude: number; longitude: number } | null;
};

const signatures: [ImageFormat, (b: Buffer) => boolean][] = [
  ['jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
  ['bmp', (b) => b.subarray(0, 2).toString('latin1') === 'BM'],
];

/** The format the bytes really are, whatever the name or content type claims. */
export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  return signatures.find(([, matches]) => matches(data))?.[0];
}

function gpsDegrees(values: number[] | undefined, ref: string | undefined): number | undefined {
  if (!values || values.length < 3) return undefined;
  const [d = 0, m = 0, s = 0] = values;
  const degrees = d + m / 60 + s / 3600;
  return ref === 'S' || ref === 'W' ? -degrees : degrees;
}

function validLocation(latitude: number | undefined, longitude: number | undefined): ProcessedImage['location'] {
  if (latitude === undefined || longitude === undefined) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The UTC offset of `timeZone` at `instant`, in milliseconds. */
function zoneOffset(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * When the photo was taken: EXIF DateTimeOriginal is the camera's wall-clock time (exif-reader
 * reads it as if UTC); with OffsetTimeOriginal it is exact, otherwise it is read in `timeZone`
 * (the workspace's). Dates that cannot be right (corrupt metadata, before 1900, in the future) are dropped.
 */
function takenAtOf(wallClock: unknown, offset: unknown, timeZone: string): Date | null {
  if (!(wallClock instanceof Date) || Number.isNaN(wallClock.getTime())) return null;
  const match = typeof offset === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null;
  let instant: Date;
  if (match) {
    const minutes = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1);
    instant = new Date(wallClock.getTime() - minutes * 60_000);
  } else {
    instant = new Date(wallClock.getTime() - zoneOffset(wallClock, timeZone));
  }
  if (instant.getUTCFullYear() < 1900 || instant.getTime() > Date.now() + 86_400_000) return null;
  return instant;
}

type ExifFacts = { location: ProcessedImage['location']; takenAt: Date | null };

/** What the photo's own metadata says about where and when it was taken; corrupt metadata says nothing. */
function readExif(exif: Buffer | undefined, timeZone: string): ExifFacts {
  if (!exif) return { location: null, takenAt: null };
  try {
    const tags = exifReader(exif);
    const gps = tags.GPSInfo;
    return {
      location: validLocation(
        gpsDegrees(gps?.GPSLatitude, gps?.GPSLatitudeRef),
        gpsDegrees(gps?.GPSLongitude, gps?.GPSLongitudeRef),
      ),
      takenAt: takenAtOf(tags.Photo?.DateTimeOriginal, tags.Photo?.OffsetTimeOriginal, timeZone),
    };
  } catch {
    return { location: null, takenAt: null };
  }
}

function readLocation(exif: Buffer | undefined): ProcessedImage['location'] {
  return readExif(exif, 'UTC').location;
}

/** sharp cannot read BMP: it is decoded to raw pixels first, off the main thread (bmp.ts). */
async function decoderInput(data: Buffer, format: ImageFormat): Promise<Sharp> {
  const options = { limitInputPixels: maxImagePixels, failOn: 'error' as const };
  if (format !== 'bmp') return sharp(data, options);
  const decoded = await decodeBmp(data);
  return sharp(decoded.rgb, { ...options, raw: { width: decoded.width, height: decoded.height, channels: 3 } });
}

/**
 * Checks an upload against its purpose's rules and re-encodes it: the type is sniffed from the
 * bytes, decoding is bounded in pixels, orientation is applied, and every metadata block (EXIF,
 * GPS, XMP, ICC comments) is dropped; the location is read first when the field keeps it.
 */
export async function processImage(
  data: Buffer,
  purpose: UploadPurpose,
  options: { keepLocation: boolean; maxEdge?: number },
): Promise<ProcessedImage> {
  const format = checkUpload(data, purpose);
  return decodeSlots.run(() => reencode(data, format, purpose, options));
}

/** The upload's sniffed format, after its size and format are checked against its purpose's rules. */
function checkUpload(data: Buffer, purpose: UploadPurpose): ImageFormat {
  const rule = uploadRules[purpose];
  if (data.length > rule.maxBytes) throw new AppError('payloadTooLarge', { detail: uploadMessages.tooLarge(rule) });
  const format = sniffImageFormat(data);
  if (!format || !rule.formats.includes(format))
    throw new AppError('unsupportedMediaType', { detail: uploadMessages.unsupported(rule) });
  return format;
}

/** A decoder's failure as the problem the uploader is told: too many pixels, or not an image we can read. */
function decodeProblem(error: unknown, purpose: UploadPurpose): AppError {
  if (error instanceof AppError) return error;
  if (/pixel limit/i.test(String(error)))
    return new AppError('payloadTooLarge', { detail: uploadMessages.tooManyPixels });
  return new AppError('unsupportedMediaType', { detail: uploadMessages.unsupported(uploadRules[purpose]) });
}

async function reencode(
  data: Buffer,
  format: ImageFormat,
  purpose: UploadPurpose,
  options: { keepLocation: boolean; maxEdge?: number },
): Promise<ProcessedImage> {
  try {
    const input = await decoderInput(data, format);
    const metadata = await input.metadata();
    const location = options.keepLocation ? readLocation(metadata.exif) : null;
    // Photos become JPEG; drawings, logos and header images stay lossless (PNG).
    const keepsAlpha = metadata.hasAlpha === true || purpose !== 'photo';
    const pipeline = input.rotate().resize({
      width: options.maxEdge ?? storedImageMaxEdge,
      height: options.maxEdge ?? storedImageMaxEdge,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded = keepsAlpha ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
    const { data: output, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      data: output,
      contentType: keepsAlpha ? 'image/png' : 'image/jpeg',
      extension: keepsAlpha ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
      location,
    };
  } catch (error) {
    throw decodeProblem(error, purpose);
  }
}

export type EncodedSize = { data: Buffer; width: number; height: number };

export type ProcessedPhoto = {
  /** The stored photo (spec 9's XL): JPEG, oriented, at most photoSizeEdges.xl on its long edge, no metadata. */
  original: EncodedSize;
  sizes: Record<(typeof photoThumbnailSizes)[number], EncodedSize>;
  location: ProcessedImage['location'];
  takenAt: Date | null;
};

/**
 * A gallery photo (issue 19): checked like any photo upload, its time and location read from its
 * EXIF first, then decoded once (bounded in pixels, one decode per core at a time) and written as
 * the stored JPEG and each smaller size of spec 9, all without metadata. Transparent pixels are
 * laid on white.
 */
export async function processPhoto(data: Buffer, options: { timeZone: string }): Promise<ProcessedPhoto> {
  const format = checkUpload(data, 'photo');
  return decodeSlots.run(async () => {
    try {
      const input = await decoderInput(data, format);
      const metadata = await input.metadata();
      const facts = readExif(metadata.exif, options.timeZone);
      const edge = photoSizeEdges.xl;
      const { data: pixels, info } = await input
        .rotate()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const encode = async (size: number | null, quality: number): Promise<EncodedSize> => {
        let image = sharp(pixels, { raw });
        if (size !== null) image = image.resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
        const out = await image.jpeg({ quality }).toBuffer({ resolveWithObject: true });
        return { data: out.data, width: out.info.width, height: out.info.height };
      };
      const [original, ...thumbnails] = await Promise.all([
        encode(null, 85),
        ...photoThumbnailSizes.map((size) => encode(photoSizeEdges[size], 78)),
      ]);
      const sizes = Object.fromEntries(
        photoThumbnailSizes.map((size, i) => [size, thumbnails[i]]),
      ) as ProcessedPhoto['sizes'];
      return { original: original as EncodedSize, sizes, ...facts };
    } catch (error) {
      throw decodeProblem(error, 'photo');
    }
  });
}

/**
 * Smaller sizes of a stored photo (an image this app wrote), for photos that came without them
 * (taken in a form): decoded once, in the same slots as uploads, bounded in pixels, each size
 * written as a JPEG (transparent pixels laid on white), in the order of `edges`.
 */
export async function photoSizes(stored: Buffer, edges: readonly number[]): Promise<EncodedSize[]> {
  return decodeSlots.run(async () => {
    try {
      const { data: pixels, info } = await sharp(stored, { limitInputPixels: maxImagePixels, failOn: 'error' })
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      return await Promise.all(
        edges.map(async (edge) => {
          const out = await sharp(pixels, { raw })
            .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 78 })
            .toBuffer({ resolveWithObject: true });
          return { data: out.data, width: out.info.width, height: out.info.height };
        }),
      );
    } catch (error) {
      throw decodeProblem(error, 'photo');
    }
  });
}
