import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import {
  ENGINES,
  createTestApp,
  signUp,
  solveCaptcha,
  uniqueDiscordId,
  type TestApp,
} from '../../../test/helper.ts';
import { WEAK, weakPassword } from '../../../test/weak-passwords.ts';

describe.each(ENGINES)('auth on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ engine });
  });
  afterAll(async () => app.close());

  const register = async (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  const login = async (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body });

  describe('POST /api/v1/auth/register', () => {
    it('creates an account that can sign in and see itself with a zero balance', async () => {
      const discordId = uniqueDiscordId('Alice');
      const res = await register({
        username: 'Alice Shipper',
        discordId,
        password: 'a long enough secret',
        captchaToken: await solveCaptcha(app),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Account created successfully, please login.' });

      const signedIn = await login({
        discordId,
        password: 'a long enough secret',
        captchaToken: await solveCaptcha(app),
      });
      expect(signedIn.statusCode).toBe(200);
      const { accessToken, message } = signedIn.json();
      expect(message).toBeTruthy();
      expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const access = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/access',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(access.statusCode).toBe(200);
      const user = access.json();
      expect(user).toMatchObject({
        username: 'Alice Shipper',
        discordId,
        email: null,
        emailVerified: false,
        balance: 0,
        role: 'user',
        twoFactorEnabled: false,
        // A new account is a team of one, its owner (issue 45).
        team: { _id: user._id, name: 'Alice Shipper', role: 'owner', requireTwoFactor: false },
      });
      expect(Object.keys(user).sort()).toEqual(
        [
          '_id',
          'api_key',
          'balance',
          'discordId',
          'email',
          'emailVerified',
          'role',
          'team',
          'twoFactorEnabled',
          'username',
        ].sort(),
      );
      expect(user.api_key).toMatch(/^lp_[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a Discord Name that differs from a taken one only in case', async () => {
      const discordId = uniqueDiscordId('CaseUser');
      const first = await register({
        username: 'A',
        discordId,
        password: 'first password ok',
        captchaToken: await solveCaptcha(app),
      });
      expect(first.statusCode).toBe(201);
      const second = await register({
        username: 'B',
        discordId: discordId.toUpperCase(),
        password: 'second password ok',
        captchaToken: await solveCaptcha(app),
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: 'This Discord Name is already registered' });
    });

    it('lets exactly one of two simultaneous registrations of the same name through', async () => {
      const discordId = uniqueDiscordId('racer');
      const [a, b] = await Promise.all([
        register({
          username: 'A',
          discordId,
          password: 'password number one',
          captchaToken: await solveCaptcha(app),
        }),
        register({
          username: 'B',
          discordId,
          password: 'password number two',
          captchaToken: await solveCaptcha(app),
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    });

    it.each([
      [{}, 'Name is required'],
      [{ username: 'N', password: 'long enough pw' }, 'Discord Name is required'],
      [{ username: 'N', discordId: 'someone' }, 'Password is required'],
      [{ username: 42, discordId: 'someone', password: 'long enough pw' }, 'Name is required'],
      [{ username: 'N', discordId: ['x'], password: 'long enough pw' }, 'Discord Name is required'],
      [{ username: 'N', discordId: 'someone', password: 'short' }, 'Password must be at least 8 characters'],
      [
        { username: 'N', discordId: 'someone', password: 'x'.repeat(129) },
        'Password must be at most 128 characters',
      ],
      [
        { username: 'N', discordId: 'has space', password: 'long enough pw' },
        'Discord Name may only contain',
      ],
    ])('rejects %j with a clear 400', async (body, message) => {
      const res = await register({ captchaToken: await solveCaptcha(app), ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it.each([
      ['aaaaaaaa', WEAK.repeated],
      ['eight spaces', WEAK.repeated],
      ['the Discord Name itself', WEAK.discordName],
      ['password123', WEAK.common],
    ])('refuses %s as the password, says why and creates no account', async (shape, message) => {
      const discordId = uniqueDiscordId();
      const password = weakPassword(shape, discordId);
      const res = await register({
        username: 'N',
        discordId,
        password,
        captchaToken: await solveCaptcha(app),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field: 'password', message }] });
      const signIn = await login({ discordId, password, captchaToken: await solveCaptcha(app) });
      expect(signIn.json().message).toBe('Invalid Discord Name or password');
    });
  });

  describe('captcha', () => {
    const body = () => ({ username: 'N', discordId: uniqueDiscordId(), password: 'long enough pw' });

    it('requires a captcha token', async () => {
      const res = await register(body());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please complete the captcha');
    });

    it('rejects a forged solution', async () => {
      const token = await solveCaptcha(app);
      const payload = JSON.parse(Buffer.from(token, 'base64').toString());
      payload.solution.counter += 1;
      payload.solution.derivedKey = '00'.repeat(32);
      const res = await register({
        ...body(),
        captchaToken: Buffer.from(JSON.stringify(payload)).toString('base64'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Captcha verification failed, please try again');
    });

    it('rejects garbage', async () => {
      const res = await register({ ...body(), captchaToken: 'not-a-captcha' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Captcha verification failed, please try again');
    });

    it('accepts a solution only once', async () => {
      const token = await solveCaptcha(app);
      expect((await register({ ...body(), captchaToken: token })).statusCode).toBe(201);
      const replay = await register({ ...body(), captchaToken: token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe('Captcha already used, please try again');
    });
  });

  describe('POST /api/v1/auth/login', () => {
    it('answers a wrong password and an unknown name with the same 400', async () => {
      const { discordId } = await signUp(app);
      const wrong = await login({
        discordId,
        password: 'not the password',
        captchaToken: await solveCaptcha(app),
      });
      const unknown = await login({
        discordId: 'nobody_here',
        password: 'whatever pw',
        captchaToken: await solveCaptcha(app),
      });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Invalid Discord Name or password' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('signs in with the Discord Name in any case', async () => {
      const { discordId, password } = await signUp(app);
      const res = await login({
        discordId: discordId.toUpperCase(),
        password,
        captchaToken: await solveCaptcha(app),
      });
      expect(res.statusCode).toBe(200);
    });

    it('still signs in an account whose password was set before the strength rule', async () => {
      const { discordId } = await signUp(app);
      await app.database.executeSql('UPDATE users SET password_hash = $1 WHERE discord_id = $2', [
        await hashPassword('aaaaaaaa'),
        discordId,
      ]);
      const res = await login({ discordId, password: 'aaaaaaaa', captchaToken: await solveCaptcha(app) });
      expect(res.statusCode).toBe(200);
    });

    it('refuses an address for 15 minutes after its 5 failed attempts on an account, even the right password', async () => {
      const { discordId, password } = await signUp(app);
      for (let i = 0; i < 5; i += 1) {
        const res = await login({
          discordId,
          password: `wrong-${i}-password`,
          captchaToken: await solveCaptcha(app),
        });
        expect(res.statusCode).toBe(400);
      }
      const locked = await login({ discordId, password, captchaToken: await solveCaptcha(app) });
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('900');
      expect(locked.json().message).toContain('Too many failed sign-in attempts');
    });

    it('rejects missing and wrong-typed fields', async () => {
      const captchaToken = await solveCaptcha(app);
      for (const body of [
        { captchaToken },
        { discordId: 'x', captchaToken },
        { discordId: 1, password: 2, captchaToken },
      ]) {
        const res = await login(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/required/);
      }
    });

    it('rejects a body that is not JSON or too large', async () => {
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"discordId":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Request body is not valid JSON' });
      const huge = await login({ discordId: 'x', password: 'y'.repeat(2 * 1024 * 1024), captchaToken: 'z' });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: 'Request body is too large' });
    });
  });

  describe('sessions', () => {
    it('answers 401 without, with a malformed, or with an unknown token', async () => {
      for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-real-token']) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/auth/access',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBeTruthy();
      }
    });

    it('ends the session on logout, and only that session', async () => {
      const first = await signUp(app);
      const second = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: {
          discordId: first.discordId,
          password: first.password,
          captchaToken: await solveCaptcha(app),
        },
      });
      const otherHeaders = { authorization: `Bearer ${second.json().accessToken}` };
      const out = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: first.headers });
      expect(out.statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/auth/access', headers: first.headers })).statusCode,
      ).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/auth/access', headers: otherHeaders })).statusCode,
      ).toBe(200);
    });

    it('stores only a hash of the access token', async () => {
      const { token } = await signUp(app);
      const rows = await app.database.executeSql('SELECT token_hash FROM sessions', []);
      expect(rows.rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.token_hash)))).toBe(true);
    });
  });
});
