import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { captchaSolutions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';

const CHALLENGE_TTL_MS = 10 * 60_000;

type AltchaOptions = { db: Db; hmacKey: string; maxNumber: number };

/** Self-hosted proof of work (ALTCHA v2): the server signs a challenge, the browser finds the counter. */
export function createAltchaVerifier({ db, hmacKey, maxNumber }: AltchaOptions): CaptchaVerifier {
  return {
    provider: 'altcha',
    siteKey: null,
    createChallenge: () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.floor(maxNumber / 10), maxNumber),
        deriveKey,
        hmacSignatureSecret: hmacKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),
    verify: async (token) => {
      const payload = decodePayload(token);
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: hmacKey,
      }).catch(() => null);
      if (!result?.verified) {
        const reason = result?.expired
          ? 'Captcha expired, please try again'
          : 'Captcha verification failed, please try again';
        throw new AppError('CAPTCHA_FAILED', reason);
      }
      await spendSolution(db, payload.challenge.signature as string);
    },
  };
}

function decodePayload(token: string): { challenge: Challenge; solution: Solution } {
  try {
    const json = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    const p = json as { challenge?: Challenge; solution?: Solution };
    if (p?.challenge?.parameters && typeof p.challenge.signature === 'string' && p.solution) {
      return { challenge: p.challenge, solution: p.solution };
    }
  } catch {
    // fall through to the common message
  }
  throw new AppError('CAPTCHA_FAILED', 'Captcha verification failed, please try again');
}

/** A solution counts once: the signed challenge is recorded until it would have expired anyway. */
async function spendSolution(db: Db, signature: string): Promise<void> {
  const inserted = await db
    .insert(captchaSolutions)
    .values({ signature, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .onConflictDoNothing()
    .returning({ signature: captchaSolutions.signature });
  if (inserted.length === 0) throw new AppError('CAPTCHA_FAILED', 'Captcha already used, please try again');
  if (Math.random() < 0.01) {
    await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date()));
  }
}
