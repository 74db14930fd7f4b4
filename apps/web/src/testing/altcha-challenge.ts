import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
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

/** What the ALTCHA checkbox reports once solved (the widget itself is not run in jsdom). */
export async function solveCaptcha() {
  await waitFor(
    () => {
      expect(customElements.get('altcha-widget')).toBeDefined();
      expect(document.querySelector('altcha-widget')).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  await act(async () => {}); // the page listens from an effect after the widget mounts
  document
    .querySelector('altcha-widget')!
    .dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'captcha-ok' } }));
}
