import type { App } from '../src/app.ts';
import { totpCodeAt } from '../src/modules/two-factor/totp.ts';

export { totpCodeAt };

/**
 * Turns on the second factor of the signed-in account as a person would: asks for a secret, computes
 * the authenticator's code from it and confirms it. Staff need this before the console answers them.
 */
export async function enrolTwoFactor(
  app: App,
  headers: Record<string, string>,
): Promise<{ secret: string; otpauthUrl: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/v1/account/2fa/setup', headers });
  if (setup.statusCode !== 200) throw new Error(`2fa setup failed: ${setup.body}`);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  const enable = await app.inject({
    method: 'POST',
    url: '/api/v1/account/2fa/enable',
    headers,
    payload: { code: totpCodeAt(secret) },
  });
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed: ${enable.body}`);
  return { secret, otpauthUrl, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}
