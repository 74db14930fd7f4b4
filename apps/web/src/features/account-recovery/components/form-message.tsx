import { Alert } from '@mantine/core';
import { MESSAGE_DURATION_MS } from '@portal/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';

export type FormMessage = { text: string; tone: 'error' | 'success' };

/** Feedback that vanishes after 3 seconds (spec sections 4 and 8). */
export function useFormMessage(durationMs = MESSAGE_DURATION_MS) {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (text: string, tone: FormMessage['tone'] = 'error') => {
      window.clearTimeout(timer.current);
      setMessage({ text, tone });
      timer.current = window.setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  return { message, show };
}

/** The red (or green) alert above the form, with the server's message as given. */
export function FormMessageAlert({ message }: { message: FormMessage | null }) {
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
