import {
  Button,
  PasswordInput,
  TextInput,
  type ButtonProps,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import type { FieldRegistration } from '../lib/use-schema-form';
import { PasswordStrengthMeter } from './password-strength-meter';

/**
 * The fields and button of the screens before sign-in (Sign-In, Register, account recovery), sized and
 * worded once. Each takes its `use-schema-form` registration and message.
 */
type FieldProps = { registration: FieldRegistration; error: string | undefined };

/** The Discord Name as typed: no capital or spelling help from the phone's keyboard. */
export function DiscordNameInput({ registration, error, ...props }: FieldProps & TextInputProps) {
  return (
    <TextInput
      label="Discord Name"
      placeholder="your Discord name"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      size="md"
      error={error}
      {...props}
      {...registration}
    />
  );
}

/** A new password with its strength shown as it is typed, judged against the account's own names. */
export function NewPasswordInput({
  registration,
  error,
  password,
  owner,
  ...props
}: FieldProps &
  PasswordInputProps &
  ComponentPropsWithoutRef<typeof PasswordStrengthMeter> & { label: string }) {
  return (
    <PasswordInput
      placeholder="At least 8 characters"
      autoComplete="new-password"
      size="md"
      error={error}
      inputContainer={(input) => (
        <>
          {input}
          <PasswordStrengthMeter password={password} owner={owner} />
        </>
      )}
      {...props}
      {...registration}
    />
  );
}

/** The one full-width button that sends the form. */
export function AuthSubmitButton(props: ButtonProps & { children: string }) {
  return <Button type="submit" size="md" fullWidth {...props} />;
}
