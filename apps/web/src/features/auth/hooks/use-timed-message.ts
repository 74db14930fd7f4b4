import { MESSAGE_DURATION_MS } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export type TimedMessage = { text: string; tone: 'error' | 'success' };

/** Auth feedback: a message that vanishes after 3 seconds (spec section 4). */
export function useTimedMessage(durationMs = MESSAGE_DURATION_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback(
    (text: string, tone: TimedMessage['tone'] = 'error') => {
      window.clearTimeout(timer.current);
      setMessage({ text, tone });
      timer.current = window.setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  return { message, show };
}
