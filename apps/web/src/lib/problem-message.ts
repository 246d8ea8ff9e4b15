import { type ErrorCode, isErrorCode } from '@formwork/shared/errors';
import { HttpError } from './http.ts';
import type { TFunction } from './translate.tsx';

/** What a screen says instead of the common message for some codes (e.g. its own stale-version text). */
export type ProblemMessages = Partial<Record<ErrorCode, string>>;

/**
 * The one way a failed call becomes the text a user reads (spec 8.2: "other errors show the
 * server message"). In order: the screen's own message for the problem's code; the server's
 * `detail` (RFC 9457: what went wrong in this occurrence, e.g. "Templates can only be created in an
 * active folder."); the code translated (`problems.<code>`, whose en-US text is the code's title
 * in packages/shared/src/errors.ts); otherwise the generic message. A request that got no answer
 * says so.
 */
export function problemMessage(error: unknown, t: TFunction, messages: ProblemMessages = {}): string {
  if (!(error instanceof HttpError)) return t('errors.generic');
  if (error.status === 0) return t('errors.cannotConnect');
  const code = error.problem?.code;
  if (!isErrorCode(code)) return t('errors.generic');
  // A code the locale does not know yet reads as the server's title (lib/problem-message.test.ts
  // fails until the code has its translation).
  return messages[code] ?? error.problem?.detail ?? t(`problems.${code}`, { defaultValue: error.problem?.title });
}
