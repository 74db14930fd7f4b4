import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { solveChallenge as solveLegacyChallenge } from 'altcha-lib/v1';

export const CAPTCHA_FAILED_MESSAGE = 'Captcha verification failed, please try again';
const SOLVE_TIMEOUT_MS = 60_000;

type LegacyChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isChallenge = (value: unknown): value is Challenge =>
  isRecord(value) && isRecord(value.parameters) && typeof value.parameters.nonce === 'string';

const isLegacyChallenge = (value: unknown): value is LegacyChallenge =>
  isRecord(value) && typeof value.challenge === 'string' && typeof value.salt === 'string';

const encode = (payload: unknown): string => btoa(JSON.stringify(payload));

/**
 * Finds the proof of work for a server challenge and returns the ALTCHA payload the server verifies:
 * base64 JSON, exactly what the altcha widget would emit. Handles the current (v2) challenge format and
 * the older one (algorithm/challenge/salt/maxnumber) so a server on either version works.
 */
export async function solveAltchaChallenge(challenge: unknown): Promise<string> {
  if (isChallenge(challenge)) {
    const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
    if (!solution) throw new Error(CAPTCHA_FAILED_MESSAGE);
    return encode({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    });
  }
  if (isLegacyChallenge(challenge)) {
    const { algorithm, salt, signature, maxnumber } = challenge;
    const solution = await solveLegacyChallenge(challenge.challenge, salt, algorithm, maxnumber).promise;
    if (!solution) throw new Error(CAPTCHA_FAILED_MESSAGE);
    return encode({
      algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt,
      signature,
      took: solution.took,
    });
  }
  throw new Error(CAPTCHA_FAILED_MESSAGE);
}
