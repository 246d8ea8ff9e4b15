/**
 * What may be uploaded, by purpose (spec 5.1, 9): photos and header/footer images up to 5MB,
 * signatures and sketches up to 2MB, a logo under 50Kb. Formats are sniffed from the bytes on
 * the server; the names here are what the browser may offer to pick.
 */
export const uploadPurposes = ['photo', 'image', 'logo', 'signature', 'sketch'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export type UploadRule = { maxBytes: number; formats: readonly ImageFormat[]; accept: string };

export const imageFormats = ['jpeg', 'png', 'webp', 'bmp'] as const;
export type ImageFormat = (typeof imageFormats)[number];

const megabyte = 1024 * 1024;

export const uploadRules: Record<UploadPurpose, UploadRule> = {
  photo: { maxBytes: 5 * megabyte, formats: ['jpeg', 'png', 'webp'], accept: 'image/jpeg,image/png,image/webp' },
  image: { maxBytes: 5 * megabyte, formats: ['jpeg', 'png', 'bmp'], accept: '.jpg,.jpeg,.png,.bmp' },
  logo: { maxBytes: 50 * 1024, formats: ['jpeg', 'png', 'bmp'], accept: '.jpg,.jpeg,.png,.bmp' },
  signature: { maxBytes: 2 * megabyte, formats: ['png', 'jpeg'], accept: 'image/png' },
  sketch: { maxBytes: 2 * megabyte, formats: ['png', 'jpeg'], accept: 'image/png' },
};

/** Decoded images larger than this are refused (decompression bombs). */
export const maxImagePixels = 40_000_000;
/**
 * BMPs (header images and logos) are decoded in JavaScript, at 7 bytes a pixel on the way to the
 * encoder: they get a lower bound than formats libvips streams (16 Mpx, e.g. 4,000 x 4,000).
 */
export const maxBmpPixels = 16_000_000;
/** Stored images are scaled down to fit this many pixels on the long edge. */
export const storedImageMaxEdge = 2560;

export const uploadMessages = {
  tooLarge: (rule: UploadRule) =>
    rule.maxBytes < megabyte
      ? `The file must be under ${Math.round(rule.maxBytes / 1024)}Kb.`
      : `The file must be under ${rule.maxBytes / megabyte}MB.`,
  unsupported: (rule: UploadRule) =>
    `This file type is not supported. Please upload ${rule.formats.map((f) => (f === 'jpeg' ? 'JPG' : f.toUpperCase())).join(', ')}.`,
  tooManyPixels: 'This image is too large to process. Please upload a smaller image.',
} as const;
