import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestApp, signUp, solveCaptcha, type TestApp } from '../../../test/helper.ts';

describe.each(ENGINES)('sign-in throttling on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine, poolSize: 30 });
  });
  afterAll(async () => app.close());

  const login = async (body: Record<string, unknown>, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body, remoteAddress });

  it('counts simultaneous wrong passwords atomically: at most 5 of 25 are checked', async () => {
    const { discordId } = await signUp(app);
    const tokens = await Promise.all(Array.from({ length: 25 }, () => solveCaptcha(app)));
    const results = await Promise.all(
      tokens.map((captchaToken, i) =>
        login({ discordId, password: `wrong password ${i}`, captchaToken }, `10.1.0.${i + 1}`),
      ),
    );
    const wrong = results.filter((r) => r.statusCode === 400);
    expect(wrong.length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('lets the owner in from a clean address after strangers spent the account budget', async () => {
    const { discordId, password } = await signUp(app);
    for (let i = 0; i < 5; i += 1) {
      const res = await login(
        { discordId, password: `wrong password ${i}`, captchaToken: await solveCaptcha(app) },
        `10.2.0.${i + 1}`,
      );
      expect(res.statusCode).toBe(400);
    }
    const stranger = await login(
      { discordId, password: 'wrong again', captchaToken: await solveCaptcha(app) },
      '10.2.0.1',
    );
    expect(stranger.statusCode).toBe(429);
    const owner = await login({ discordId, password, captchaToken: await solveCaptcha(app) }, '10.2.9.9');
    expect(owner.statusCode).toBe(200);
  });
});
