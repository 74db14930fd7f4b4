import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';

/**
 * The form of the screens before sign-in (Sign-In, Register and account recovery): text fields judged by a
 * shared Zod schema. It does what those screens used react-hook-form for, in about a kilobyte instead of
 * fifteen, so the first screen stays light (docs/decisions/224); the signed-in app keeps react-hook-form.
 *
 * - On submit the whole form is judged. Valid: `onValid` gets the schema's output (trimmed values).
 *   Invalid: every field shows its first message and the first such field in page order takes focus.
 * - Before the first submit a field is judged never (`onSubmit`, the default) or once it has been left and
 *   then as it changes (`onTouched`); after a submit, as it changes. These are react-hook-form's modes.
 * - A verdict on a value that has changed since is dropped; the change brings its own.
 * - While a submit runs, another is ignored (the button shows it is busy as well).
 * - Inputs keep their own value; `values` follows them for what a form shows beside its fields (a meter).
 */

/** One text value per field. */
type TextValues = Record<string, string>;
type TextSchema = z.ZodMiniType<unknown, TextValues>;

/** A message per field that has one; a field without a key is fine. */
type FieldErrors<V extends TextValues> = Partial<Record<keyof V & string, string>>;

/** A rule beyond the schema (a password's strength): gets the schema's messages, returns them with its own. */
export type FormCheck<V extends TextValues> = (values: V, errors: FieldErrors<V>) => Promise<FieldErrors<V>>;

/**
 * What an input spreads. The input keeps its own value (uncontrolled, as with react-hook-form): a
 * controlled one would copy each typed password into the element's value attribute.
 */
export type FieldRegistration = {
  name: string;
  defaultValue: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
};

type SchemaFormOptions<S extends TextSchema> = {
  /** Module-level, like `check`: the form's judging functions are made once per schema and check. */
  schema: S;
  defaultValues: z.input<S>;
  mode?: 'onSubmit' | 'onTouched';
  check?: FormCheck<z.input<S>>;
};

/** Each field's first message, in the order the schema checks, as react-hook-form's Zod resolver gives them. */
function firstMessages<V extends TextValues>(issues: readonly z.core.$ZodIssue[]): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  // The forms are flat: an issue's path is its field's name.
  for (const issue of issues) errors[issue.path.join('.') as keyof V & string] ??= issue.message;
  return errors;
}

function withFieldError<V extends TextValues>(
  errors: FieldErrors<V>,
  name: keyof V & string,
  message: string | undefined,
): FieldErrors<V> {
  if (errors[name] === message) return errors;
  const next = { ...errors };
  if (message === undefined) delete next[name];
  else next[name] = message;
  return next;
}

export function useSchemaForm<S extends TextSchema>({
  schema,
  defaultValues,
  mode = 'onSubmit',
  check,
}: SchemaFormOptions<S>) {
  type Values = z.input<S>;
  type Name = keyof Values & string;

  // The values as first shown: an input's default stays that, or React would write each keystroke into it.
  const [initialValues] = useState<Values>(defaultValues);
  const [values, setValues] = useState<Values>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  // What the handlers read between renders: the values as typed, the fields left once, the submits, and
  // the form element (for focusing a field the server refused).
  const latest = useRef({
    values: defaultValues,
    touched: new Set<Name>(),
    isSubmitted: false,
    isSubmitting: false,
    form: null as HTMLFormElement | null,
  });

  const judge = useCallback(
    async (judged: Values): Promise<{ errors: FieldErrors<Values>; output: z.output<S> | null }> => {
      const parsed = await schema.safeParseAsync(judged);
      const schemaErrors = parsed.success ? {} : firstMessages<Values>(parsed.error.issues);
      const errors = check ? await check(judged, schemaErrors) : schemaErrors;
      const isValid = parsed.success && Object.keys(errors).length === 0;
      return { errors, output: isValid ? parsed.data : null };
    },
    [schema, check],
  );

  /** Judges the whole form and shows what it says about `name` only, as long as `name` still holds that value. */
  const revalidate = useCallback(
    async (name: Name) => {
      const judged = latest.current.values;
      const { errors } = await judge(judged);
      if (latest.current.values[name] !== judged[name]) return;
      setErrors((current) => withFieldError(current, name, errors[name]));
    },
    [judge],
  );

  const isTouched = useCallback((name: Name) => latest.current.touched.has(name), []);

  const register = (name: Name): FieldRegistration => ({
    name,
    defaultValue: initialValues[name] ?? '',
    onChange: (event) => {
      const state = latest.current;
      state.values = { ...state.values, [name]: event.currentTarget.value };
      setValues(state.values);
      if (state.isSubmitted || (mode === 'onTouched' && state.touched.has(name))) void revalidate(name);
    },
    onBlur: () => {
      const state = latest.current;
      state.touched.add(name);
      if (!state.isSubmitted && mode === 'onTouched') void revalidate(name);
    },
  });

  /** Puts a message (the server's) on a field, and focuses the field if asked. */
  const setError = useCallback(
    (name: Name, error: { message: string }, options?: { shouldFocus?: boolean }) => {
      setErrors((current) => withFieldError(current, name, error.message));
      const field = latest.current.form?.elements.namedItem(name);
      if (options?.shouldFocus && field instanceof HTMLElement) field.focus();
    },
    [],
  );

  const handleSubmit =
    (onValid: (output: z.output<S>) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const state = latest.current;
      if (state.isSubmitting) return;
      state.isSubmitting = true;
      state.form = event.currentTarget;
      setIsSubmitting(true);
      try {
        const { errors, output } = await judge(state.values);
        setErrors(errors);
        if (output !== null) await onValid(output);
        else focusFirstError(state.form, errors);
      } finally {
        state.isSubmitting = false;
        state.isSubmitted = true;
        setIsSubmitting(false);
      }
    };

  return { values, errors, isSubmitting, register, handleSubmit, setError, isTouched, revalidate };
}

/** The first field in page order with a message takes focus, so the keyboard lands where the fix is. */
function focusFirstError(form: HTMLFormElement, errors: Partial<Record<string, string>>): void {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && Boolean(errors[element.name]),
  );
  first?.focus();
}
