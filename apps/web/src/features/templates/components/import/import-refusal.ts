import {
  templateImportKindOf,
  templateImportMaxBytes,
  templateImportMaxFiles,
} from '@formwork/shared/templates/template-imports';
import { HttpError } from '../../../../lib/http.ts';
import type { TFunction } from '../../../../lib/translate.tsx';

const limits = { max: templateImportMaxFiles, mb: templateImportMaxBytes / 1024 / 1024 };

/** Why a picked file is refused before it is sent (spec 8.2), or null. */
export function refusalBeforeUpload(file: File, t: TFunction): string | null {
  if (!templateImportKindOf(file.name)) return t('templateImport.unsupportedType');
  if (file.size > templateImportMaxBytes) return t('templateImport.tooLarge', limits);
  return null;
}

export const tooManyFilesMessage = (t: TFunction) => t('templateImport.tooManyFiles', limits);
export const importLimits = limits;

/** The server's refusal of an upload in the user's words: its own message for a file it cannot convert. */
export function uploadRefusal(error: unknown, t: TFunction): string {
  const first = error instanceof HttpError ? error.problem?.errors?.[0] : undefined;
  switch (first?.code) {
    case 'tooManyFiles':
      return tooManyFilesMessage(t);
    case 'unsupportedType':
      return t('templateImport.unsupportedType');
    case 'tooLarge':
      return t('templateImport.tooLarge', limits);
    case 'macros':
    case 'image':
      return first.message;
    default:
      return t('templateImport.uploadFailed');
  }
}
