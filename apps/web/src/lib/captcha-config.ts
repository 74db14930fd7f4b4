import { captchaConfig, type CaptchaConfig } from '@portal/shared';
import { useEffect, useState } from 'react';
import { api, shouldRetryRead } from './api-client';
import { loadOnce } from './load-once';

/** GET /auth/captcha-config: which bot-check the auth screens run, and its public site key. */
const getCaptchaConfig = async (): Promise<CaptchaConfig> =>
  captchaConfig.parse(await api.get('/auth/captcha-config'));

// Read once per page load and kept. The screens before sign-in read it without the data cache, which
// loads with the signed-in app (docs/decisions/224); the retries are the cache's (shouldRetryRead).
let config: CaptchaConfig | undefined;

async function readWithRetries(failureCount = 0): Promise<CaptchaConfig> {
  try {
    return await getCaptchaConfig();
  } catch (error) {
    if (!shouldRetryRead(failureCount, error)) throw error;
    // 1 s, then 2 s, as the data cache waits between its retries.
    await new Promise((resolve) => window.setTimeout(resolve, 1000 * 2 ** failureCount));
    return readWithRetries(failureCount + 1);
  }
}

/** The configuration, read on first use; a read that failed is made again by the next caller. */
export const loadCaptchaConfig = loadOnce(() =>
  readWithRetries().then(
    (loaded) => (config = loaded),
    (error: unknown) => {
      // Spec section 8: a failed read is only logged; the screen says what it cannot show.
      console.warn('Request failed', ['auth', 'captcha-config'], error);
      throw error;
    },
  ),
);

type CaptchaConfigState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; config: CaptchaConfig };

/** The configuration for a screen to render: at once when an earlier screen has read it. */
export function useCaptchaConfig(): CaptchaConfigState {
  const [state, setState] = useState<CaptchaConfigState>(() =>
    config ? { status: 'success', config } : { status: 'pending' },
  );
  useEffect(() => {
    let live = true;
    loadCaptchaConfig().then(
      (loaded) =>
        live && setState((now) => (now.status === 'success' ? now : { status: 'success', config: loaded })),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
