import type { CaptchaProvider } from '@portal/shared';
import { AppError } from '../errors.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';
import { ANSWER_LIMITS, readCappedJson } from '../lib/capped-body.ts';

export const SITEVERIFY_URLS: Record<Exclude<CaptchaProvider, 'altcha'>, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

type RemoteOptions = {
  provider: Exclude<CaptchaProvider, 'altcha'>;
  siteKey: string;
  secret: string;
  /** Overrides the provider's siteverify endpoint (tests point it at a local fake). */
  verifyUrl?: string | undefined;
};

/** Turnstile, hCaptcha and reCAPTCHA share the siteverify protocol; their tokens are single-use upstream. */
export function createRemoteVerifier({
  provider,
  siteKey,
  secret,
  verifyUrl,
}: RemoteOptions): CaptchaVerifier {
  const url = verifyUrl ?? SITEVERIFY_URLS[provider];
  return {
    provider,
    siteKey,
    verify: async (token, remoteIp) => {
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      let success = false;
      try {
        const res = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
        const json = await readCappedJson<{ success?: boolean }>(res, ANSWER_LIMITS.error);
        success = res.ok && json.success === true;
      } catch {
        throw new AppError('UNAVAILABLE', 'Captcha service is unavailable, please try again');
      }
      if (!success) throw new AppError('CAPTCHA_FAILED', 'Captcha verification failed, please try again');
    },
  };
}
