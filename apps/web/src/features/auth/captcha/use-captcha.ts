import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { captchaConfigQueryOptions, useCaptchaConfig } from '../../../lib/captcha-config';
import { getCaptchaChallenge } from '../api/get-captcha-challenge';
import { executeHostedCaptcha } from './hosted-captcha';
import { solveAltcha } from './solve-altcha';

/**
 * The invisible bot-check of Sign-In and Register: `getToken()` yields a fresh single-use captchaToken
 * for one submission. ALTCHA is solved in the browser; hosted providers render into `containerRef`.
 */
export function useCaptcha() {
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLDivElement>(null);
  // Started on mount so the provider is known (and its script can load) before the first submit.
  const { data: config } = useCaptchaConfig();

  const getToken = useCallback(async (): Promise<string> => {
    const current = await queryClient.fetchQuery(captchaConfigQueryOptions());
    if (current.provider === 'altcha') return solveAltcha(await getCaptchaChallenge());
    if (!current.siteKey || !containerRef.current)
      throw new Error('Captcha is not configured on this server');
    return executeHostedCaptcha(current.provider, current.siteKey, containerRef.current);
  }, [queryClient]);

  return { getToken, containerRef, provider: config?.provider };
}
