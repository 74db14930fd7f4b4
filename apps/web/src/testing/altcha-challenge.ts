import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** A real signed ALTCHA challenge with a tiny counter, as the server's GET /auth/captcha returns. */
export const createTestChallenge = () =>
  createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 25,
    deriveKey,
    hmacSignatureSecret: 'test-secret-for-components',
  });
