import { useCallback, useState } from 'react';

export const CAPTCHA_REQUIRED_MESSAGE = 'Please complete the captcha';

/** The token from the visible captcha, and `renew()` to show a fresh one after a submission used it up. */
export function useCaptchaToken() {
  const [token, setToken] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const onToken = useCallback((next: string | null) => setToken(next), []);
  const renew = useCallback(() => {
    setToken(null);
    setGeneration((g) => g + 1);
  }, []);
  return { token, onToken, renew, widgetKey: `captcha-${generation}` };
}
