import { ApiError } from './api-client';

type FieldError = { field?: unknown; message?: unknown };

/** How a form puts a message on one of its fields: react-hook-form's `setError`, or use-schema-form's. */
type SetFieldError<F extends string> = (
  field: F,
  error: { type: 'server'; message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * Puts a 400's `errors` ({ field, message }) on the form fields they concern, all at once, and focuses
 * the first. Returns false when the answer named no field of this form (then a toast says it instead).
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  setError: SetFieldError<F>,
  fields: readonly F[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const errors = (error.body as { errors?: FieldError[] } | undefined)?.errors ?? [];
  const known = errors.filter(
    (e): e is { field: F; message: string } => typeof e.message === 'string' && fields.includes(e.field as F),
  );
  known.forEach((e, i) =>
    setError(e.field, { type: 'server', message: e.message }, { shouldFocus: i === 0 }),
  );
  return known.length > 0;
}
