import { Anchor, Text } from '@mantine/core';
import { EmailInput } from '../../../components/auth-fields';
import type { FieldRegistration } from '../../../lib/use-schema-form';
import { Link } from 'wouter';

type OtpEmailFieldProps = {
  registration: FieldRegistration;
  error: string | undefined;
  /** Where a person without a code gets one: /forgot, or Account Settings for /verify. */
  requestTo: string;
  requestLabel: string;
};

/**
 * The address the OTP went to. Prefilled from the step before; editable, because /reset and /verify
 * are often opened on another device, in a new tab or after storage was cleared.
 */
export function OtpEmailField({ registration, error, requestTo, requestLabel }: OtpEmailFieldProps) {
  return (
    <EmailInput
      registration={registration}
      error={error}
      description={
        <Text component="span" size="xs">
          The address the OTP was sent to. No code yet?{' '}
          <Anchor component={Link} to={requestTo} size="xs" fw={600}>
            {requestLabel}
          </Anchor>
        </Text>
      }
    />
  );
}
