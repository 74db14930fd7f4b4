import type { CaptchaProvider } from '@portal/shared';

/** A bot-check that the auth routes consult; `createChallenge` exists only for self-hosted ALTCHA. */
export type CaptchaVerifier = {
  provider: CaptchaProvider;
  siteKey: string | null;
  createChallenge?: () => Promise<unknown>;
  /** Throws AppError('CAPTCHA_FAILED') unless the token is a fresh, valid solution. */
  verify: (token: string, remoteIp: string | undefined) => Promise<void>;
};
