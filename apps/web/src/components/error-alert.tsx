import { Alert } from '@mantine/core';
import { errorMessage } from '../lib/notify';

/** A failed call's message in a red panel, read out at once; nothing while there is no error. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
