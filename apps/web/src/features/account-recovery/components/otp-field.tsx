import { TextInput } from '@mantine/core';
import { OTP_LENGTH } from '@portal/shared';
import type { FieldRegistration } from '../../../lib/use-schema-form';

type OtpFieldProps = { registration: FieldRegistration; error: string | undefined };

/** The numeric OTP field: digits only, the phone keypad on mobile, and the one-time-code autofill hint. */
export function OtpField({ registration, error }: OtpFieldProps) {
  const { onChange, ...rest } = registration;
  return (
    <TextInput
      label="OTP"
      placeholder={'0'.repeat(OTP_LENGTH)}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      size="md"
      styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
      error={error}
      {...rest}
      onChange={(event) => {
        const input = event.currentTarget;
        input.value = input.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        return onChange(event);
      }}
    />
  );
}
