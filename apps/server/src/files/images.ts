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

function readLocation(exif: Buffer | undefined): ProcessedImage['location'] {
  if (!exif) return null;
  try {
    const gps = exifReader(exif).GPSInfo;
    const latitude = gpsDegrees(gps?.GPSLatitude, gps?.GPSLatitudeRef);
    const longitude = gpsDegrees(gps?.GPSLongitude, gps?.GPSLongitudeRef);
    return latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
  } catch {
    return null;
  }
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
  const rule = uploadRules[purpose];
  if (data.length > rule.maxBytes) throw new AppError('payloadTooLarge', { detail: uploadMessages.tooLarge(rule) });
  const format = sniffImageFormat(data);
  if (!format || !rule.formats.includes(format))
    throw new AppError('unsupportedMediaType', { detail: uploadMessages.unsupported(rule) });
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
    if (error instanceof AppError) throw error;
    if (/pixel limit/i.test(String(error)))
      throw new AppError('payloadTooLarge', { detail: uploadMessages.tooManyPixels });
    throw new AppError('unsupportedMediaType', { detail: uploadMessages.unsupported(rule) });
  }
}
