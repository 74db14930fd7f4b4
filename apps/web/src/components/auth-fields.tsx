import {
  Button,
  PasswordInput,
  Stack,
  TextInput,
  type ButtonProps,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import type { ComponentPropsWithoutRef, FormEventHandler, ReactNode } from 'react';
import type { FieldRegistration } from '../lib/use-schema-form';
import type { TimedMessage } from '../lib/use-timed-message';
import { PasswordStrengthMeter } from './password-strength-meter';
import { TimedMessageAlert } from './timed-message-alert';

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

/** The e-mail an OTP goes to (or went to). */
export function EmailInput({ registration, error, ...props }: FieldProps & TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      size="md"
      error={error}
      {...props}
      {...registration}
    />
  );
}

/** The password of an existing account, as the browser's password manager fills it. */
export function CurrentPasswordInput({ registration, error, ...props }: FieldProps & PasswordInputProps) {
  return (
    <PasswordInput
      label="Password"
      placeholder="Your password"
      autoComplete="current-password"
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

type AuthFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's answer (or the form's own word) above the fields. */
  message: TimedMessage | null;
  children: ReactNode;
};

/** The form itself: the timed message, then the fields and button, one under the other. */
export function AuthForm({ onSubmit, message, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TimedMessageAlert message={message} />
        {children}
      </Stack>
    </form>
  );
}
