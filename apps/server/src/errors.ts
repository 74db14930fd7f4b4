/** One error type for the domain; the error handler maps codes to HTTP statuses and `{ message }`. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  CAPTCHA_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  INSUFFICIENT_BALANCE: 402,
  SPEND_LIMIT: 402,
  TOO_MANY_REQUESTS: 429,
  METHOD_NOT_ALLOWED: 405,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldError = {
  row?: number;
  field: string;
  message: string;
  suggestion?: string | null;
  fix?: Record<string, string>;
  corrected?: true;
};
/** The address check's doubts (issue 38): `{ row?, field, message, suggestion, fix? }`. */
export type WarningList = Array<FieldError & { suggestion: string | null }>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly warnings: WarningList | undefined;
  /** Flags a client acts on, sent beside `message` (such as `twoFactorSetupRequired`). */
  readonly flags: Record<string, boolean> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      warnings?: WarningList;
      flags?: Record<string, boolean>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = extra.errors;
    this.headers = extra.headers;
    this.warnings = extra.warnings;
    this.flags = extra.flags;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }

  /** A 404 for a row the caller cannot see: missing, someone else's, or named by an id that is no UUID. */
  static notFound(message: string): AppError {
    return new AppError('NOT_FOUND', message);
  }

  /**
   * A problem with one field, so a form shows it under that field: 400 unless `code` says otherwise;
   * `summary` is the top-level message when it says more than the field's own.
   */
  static fieldError(
    field: string,
    message: string,
    options: { code?: ErrorCode; summary?: string } = {},
  ): AppError {
    return new AppError(options.code ?? 'BAD_REQUEST', options.summary ?? message, {
      errors: [{ field, message }],
    });
  }
}

/** The database refused a row a unique index already holds (PostgreSQL 23505), by that index's name. */
export const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code ? e : e?.cause;
  return pg?.code === '23505' && (pg.constraint === undefined || pg.constraint === constraint);
};
