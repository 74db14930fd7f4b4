import { useCallback, useEffect, useRef } from 'react';
import { loadCaptchaConfig } from '../../../lib/captcha-config';
import { getCaptchaChallenge } from '../api/auth';
import { executeHostedCaptcha } from './hosted-captcha';
import { solveAltcha } from './solve-altcha';

/**
 * The invisible bot-check of Sign-In and Register: `getToken()` yields a fresh single-use captchaToken
 * for one submission. ALTCHA is solved in the browser; hosted providers render into `containerRef`.
 */
export function useCaptcha() {
  const containerRef = useRef<HTMLDivElement>(null);
  // Read on mount so the provider is known before the first submit.
  useEffect(() => {
    loadCaptchaConfig().catch(() => undefined);
  }, []);

  const getToken = useCallback(async (): Promise<string> => {
    const current = await loadCaptchaConfig();
    if (current.provider === 'altcha') return solveAltcha(await getCaptchaChallenge());
    if (!current.siteKey || !containerRef.current)
      throw new Error('Captcha is not configured on this server');
    return executeHostedCaptcha(current.provider, current.siteKey, containerRef.current);
  }, []);

  return { getToken, containerRef };
}
