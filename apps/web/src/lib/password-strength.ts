import type * as PasswordStrength from '@portal/shared/password-strength';
import { useEffect, useMemo, useState } from 'react';
import type { FieldValues, Path, Resolver, ResolverResult } from 'react-hook-form';

export type { PasswordOwner, PasswordVerdict } from '@portal/shared/password-strength';

type Estimator = typeof PasswordStrength;

// The estimator and its word lists are about as large as the rest of the first screen: they come in their
// own chunk, fetched when a password is first typed, never with the page (decision 165).
let loading: Promise<Estimator> | undefined;
export const loadPasswordStrength = (): Promise<Estimator> => {
  loading ??= import('@portal/shared/password-strength').catch((error: unknown) => {
    loading = undefined; // a failed fetch is tried again next time; the server judges meanwhile
    throw error;
  });
  return loading;
};

/**
 * Adds the server's password rule to a form's resolver: an easily guessed password becomes the field's
 * error, so react-hook-form shows it like any other and never calls submit. When the estimator cannot be
 * loaded the form submits and the server's answer says the same.
 */
export function withPasswordStrength<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  field: Path<T> & keyof T,
  ownerOf: (values: T) => PasswordStrength.PasswordOwner,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const password: unknown = values[field];
    if (result.errors[field] || typeof password !== 'string' || !password) return result;
    const estimator = await loadPasswordStrength().catch(() => null);
    const verdict = estimator?.judgePassword(password, ownerOf(values));
    if (!verdict || verdict.ok) return result;
    return {
      values: {},
      errors: { ...result.errors, [field]: { type: 'weak', message: verdict.message } },
    } as ResolverResult<T, O>;
  };
}

/** The live verdict for a strength meter; null while the password is empty or the estimator loads. */
export function usePasswordVerdict(
  password: string,
  owner: PasswordStrength.PasswordOwner,
): PasswordStrength.PasswordVerdict | null {
  const [estimator, setEstimator] = useState<Estimator | null>(null);
  useEffect(() => {
    if (!password || estimator) return;
    let live = true;
    loadPasswordStrength().then(
      (loaded) => live && setEstimator(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [password, estimator]);
  const { discordName, name, email } = owner;
  return useMemo(
    () => (estimator && password ? estimator.judgePassword(password, { discordName, name, email }) : null),
    [estimator, password, discordName, name, email],
  );
}
