import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';

/** The password and a current code, as turning off the second factor and new recovery codes ask. */
export function PasswordAndCodeFields({ form }: { form: UseFormReturn<{ password: string; code: string }> }) {
  return (
    <>
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        {...form.register('password')}
        error={form.formState.errors.password?.message}
      />
      <TextInput
        label="Authentication code"
        autoComplete="one-time-code"
        {...form.register('code')}
        error={form.formState.errors.code?.message}
      />
    </>
  );
}
