import type { ImageRef } from './field-base.ts';

/** Spec 5.1, 9: header/footer images are JPG, JPEG, PNG or BMP under 5MB; a logo under 50Kb. */
export const imageExtensions = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export const imageContentTypes = ['image/jpeg', 'image/png', 'image/bmp', 'image/x-ms-bmp'] as const;
export const maxImageBytes = 5 * 1024 * 1024;
export const maxLogoBytes = 50 * 1024;

export const imageTypeMessage = 'Images must be JPG, JPEG, PNG or BMP';
export const imageSizeMessage = 'Images must be under 5MB';
export const logoSizeMessage = 'The logo must be under 50Kb';

/** The spec's message for the first rule the image breaks, or null when it is fine. */
export function imageProblem(image: ImageRef, kind: 'image' | 'logo'): string | null {
  const extension = image.fileName.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    (imageExtensions as readonly string[]).includes(extension) &&
    (imageContentTypes as readonly string[]).includes(image.contentType.toLowerCase());
  if (!typeOk) return imageTypeMessage;
  if (kind === 'logo' && image.sizeBytes >= maxLogoBytes) return logoSizeMessage;
  if (image.sizeBytes >= maxImageBytes) return imageSizeMessage;
  return null;
}
