import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../../../../test/fakes/stripe-fake.ts';
import type { StripeCredentials } from './gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * The Stripe gateway speaks through the guarded connection the PayPal and Square gateways use (decision
 * 355): the origin staff saved is checked again where each connection is made, so a loopback or private
 * Stripe origin is reached only while ALLOW_PRIVATE_PROVIDER_TARGETS allows it.
 */
describe('the Stripe gateway reaches Stripe through the provider origin guard', () => {
  let fake: StripeFake;
  let credentials: StripeCredentials;
  beforeAll(async () => {
    fake = await startStripeFake();
    credentials = { secretKey: fake.secretKey, baseUrl: fake.baseUrl };
  });
  afterAll(() => fake.close());

  it('connects to a loopback Stripe only where private targets are allowed', async () => {
    const allowed = createStripeGateway(credentials, { allowPrivateTargets: true });
    expect(await allowed.testConnection()).toEqual({ ok: true, message: 'Connected to Stripe (test mode)' });
    // Saved while the setting allowed it, then the setting went: refused at connect, not only on save.
    const refused = createStripeGateway(credentials, { allowPrivateTargets: false });
    expect(await refused.testConnection()).toEqual({ ok: false, message: 'Stripe could not be reached' });
    await expect(refused.retrieve('cs_test_1')).rejects.toThrow();
  });
});
