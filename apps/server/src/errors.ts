import { type ErrorCode, errorCodes, type FieldError } from '@formwork/shared/errors';

/** The one way to fail a request on purpose: a code from the shared table, optional detail. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly meta: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { detail?: string; errors?: FieldError[]; meta?: Record<string, unknown> } = {},
  ) {
    super(options.detail ?? errorCodes[code].title);
    this.name = 'AppError';
    this.code = code;
    this.detail = options.detail;
    this.fieldErrors = options.errors ?? [];
    this.meta = options.meta;
  }
}
