import { errorCodes, type Problem } from '@formwork/shared/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';
import { initI18n } from './i18n.ts';
import { problemMessage } from './problem-message.ts';
import { i18n } from './translate.tsx';

const problem = (code: Problem['code'], detail?: string): Problem => ({
  type: 'about:blank',
  title: errorCodes[code].title,
  status: errorCodes[code].status,
  code,
  errors: [],
  ...(detail ? { detail } : {}),
});

describe('problemMessage', () => {
  beforeAll(() => initI18n('en-US'));

  it('translates every problem code; in en-US it reads as the code title', () => {
    for (const [code, { status, title }] of Object.entries(errorCodes)) {
      const error = new HttpError(status, problem(code as Problem['code']));
      expect(problemMessage(error, i18n.t), code).toBe(title);
      expect(i18n.exists(`problems.${code}`), code).toBe(true);
    }
  });

  it("shows the server's detail for this occurrence over the code's text", () => {
    const error = new HttpError(409, problem('conflict', 'Templates can only be created in an active folder.'));
    expect(problemMessage(error, i18n.t)).toBe('Templates can only be created in an active folder.');
  });

  it("uses the screen's own message for a code first", () => {
    const error = new HttpError(409, problem('staleVersion', 'changed'));
    expect(problemMessage(error, i18n.t, { staleVersion: 'A newer version is available' })).toBe(
      'A newer version is available',
    );
  });

  it('says the request got no answer, and the generic message for anything that is not a problem', () => {
    expect(problemMessage(new HttpError(0, undefined), i18n.t)).toBe(i18n.t('errors.cannotConnect'));
    expect(problemMessage(new HttpError(502, undefined), i18n.t)).toBe(i18n.t('errors.generic'));
    expect(problemMessage(new Error('boom'), i18n.t)).toBe(i18n.t('errors.generic'));
  });
});
