import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

type FieldError = { field?: unknown; message?: unknown };

/**
 * Puts a 400's `errors` ({ field, message }) on the form fields they concern, all at once, and focuses
 * the first. Returns false when the answer named no field of this form (then a toast says it instead).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const errors = (error.body as { errors?: FieldError[] } | undefined)?.errors ?? [];
  const known = errors.filter(
    (e): e is { field: Path<T>; message: string } =>
      typeof e.message === 'string' && fields.includes(e.field as Path<T>),
  );
  known.forEach((e, i) =>
    setError(e.field, { type: 'server', message: e.message }, { shouldFocus: i === 0 }),
  );
  return known.length > 0;
}
