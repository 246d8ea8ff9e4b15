import { errorCodes } from '@formwork/shared/errors';
import { templateImportMessages } from '@formwork/shared/templates/template-imports';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../../lib/http.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import { i18n } from '../../../../lib/translate.tsx';
import { refusalBeforeUpload, tooManyFilesMessage, uploadRefusal } from './import-refusal.ts';

beforeAll(async () => {
  await initI18n('en-US');
});

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const file = (name: string, size: number) => ({ name, size }) as File;
const refusal = (code: string, message: string) =>
  new HttpError(400, {
    type: 'about:blank',
    title: errorCodes.validationFailed.title,
    status: 400,
    code: 'validationFailed',
    errors: [{ path: 'body', message, code }],
  });

describe('template import refusals (spec 8.2)', () => {
  it('says the same as the server for each refusal the dialog makes before sending', () => {
    expect(refusalBeforeUpload(file('notes.txt', 10), t)).toBe(templateImportMessages.unsupportedType);
    expect(refusalBeforeUpload(file('big.pdf', 100 * 1024 * 1024 + 1), t)).toBe(templateImportMessages.tooLarge);
    expect(refusalBeforeUpload(file('form.PDF', 100 * 1024 * 1024), t)).toBeNull();
    expect(tooManyFilesMessage(t)).toBe(templateImportMessages.tooManyFiles);
  });

  it("words the server's refusals: its own message for a file it cannot convert, else the upload failure", () => {
    const macro = 'Unable to convert this file into a template: files with macros (.xlsm, .docm) are not accepted.';
    expect(uploadRefusal(refusal('macros', macro), t)).toBe(macro);
    expect(uploadRefusal(refusal('tooManyFiles', 'x'), t)).toBe(templateImportMessages.tooManyFiles);
    expect(uploadRefusal(new HttpError(0, undefined), t)).toBe(templateImportMessages.uploadFailed);
  });
});
