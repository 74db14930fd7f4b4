import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { resolveSecret } from '../db/secrets.ts';
import { createAltchaVerifier } from './altcha-verifier.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';
import { createRemoteVerifier } from './remote-verifier.ts';

export type { CaptchaVerifier } from './captcha-verifier.ts';

export async function createCaptchaVerifier(config: Config, db: Db): Promise<CaptchaVerifier> {
  const { provider, siteKey, secret, verifyUrl } = config.captcha;
  if (provider === 'altcha') {
    const hmacKey = await resolveSecret(db, 'altcha_hmac_key', config.captcha.altchaHmacKey);
    return createAltchaVerifier({ db, hmacKey, maxNumber: config.captcha.altchaMaxNumber });
  }
  return createRemoteVerifier({ provider, siteKey: siteKey ?? '', secret: secret ?? '', verifyUrl });
}
