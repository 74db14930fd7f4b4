import type * as PasswordStrength from '@portal/shared/password-strength';
import { useEffect, useMemo, useState } from 'react';
import type { FieldValues, Path, Resolver, ResolverResult } from 'react-hook-form';
import { loadOnce } from './load-once';
import type { FormCheck } from './use-schema-form';

export type { PasswordOwner, PasswordVerdict } from '@portal/shared/password-strength';

type Estimator = typeof PasswordStrength;

// The estimator and its word lists are about as large as the rest of the first screen: they come in their
// own chunk, fetched when a password is first typed, never with the page (decision 165).
// Until it loads, the server judges.
export const loadPasswordStrength = loadOnce(() => import('@portal/shared/password-strength'));

/** The estimator's refusal of a password, or null: empty, good enough, or the estimator could not load. */
async function refusal(password: unknown, owner: PasswordStrength.PasswordOwner): Promise<string | null> {
  if (typeof password !== 'string' || !password) return null;
  const estimator = await loadPasswordStrength().catch(() => null);
  const verdict = estimator?.judgePassword(password, owner);
  return verdict && !verdict.ok ? verdict.message : null;
}

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
    if (result.errors[field]) return result;
    const message = await refusal(values[field], ownerOf(values));
    if (!message) return result;
    return {
      values: {},
      errors: { ...result.errors, [field]: { type: 'weak', message } },
    } as ResolverResult<T, O>;
  };
}

/** The same rule for the forms before sign-in (use-schema-form.ts), which do without react-hook-form. */
export function passwordStrengthCheck<V extends Record<string, string>>(
  field: keyof V & string,
  ownerOf: (values: V) => PasswordStrength.PasswordOwner,
): FormCheck<V> {
  return async (values, errors) => {
    if (errors[field]) return errors;
    const message = await refusal(values[field], ownerOf(values));
    return message ? { ...errors, [field]: message } : errors;
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
