import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { TimedMessage } from '../lib/use-timed-message';

/** The red (or green) alert above an auth or recovery form, with the server's message as given. */
export function TimedMessageAlert({ message }: { message: TimedMessage | null }) {
  if (!message) return null;
  const isError = message.tone === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'green'}
      variant="light"
      radius="md"
      icon={isError ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
      data-testid="auth-message"
      role={isError ? 'alert' : 'status'}
    >
      {message.text}
    </Alert>
  );
}
