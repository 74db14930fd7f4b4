import { MESSAGE_DURATION_MS } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export type TimedMessage = { text: string; tone: 'error' | 'success' };

/** Form feedback that vanishes after 3 seconds (spec sections 4 and 8); a new message restarts the clock. */
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
