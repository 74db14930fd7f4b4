import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /reset and /verify send the address stored by the step before; without it, point back to that step. */
export function MissingEmailNotice({ to, step }: { to: string; step: string }) {
  return (
    <Alert color="blue" variant="light" radius="md" icon={<IconInfoCircle size={18} />}>
      We do not know which email the OTP went to.{' '}
      <Anchor component={Link} to={to} fw={600}>
        {step}
      </Anchor>{' '}
      first.
    </Alert>
  );
}
