import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.ts';
import { createTestApp, signUp, solveCaptcha, type TestApp } from '../../../test/helper.ts';
import { WEAK } from '../../../test/weak-passwords.ts';

describe('account settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const access = (headers: Record<string, string>) => call('GET', '/api/v1/auth/access', headers);
  const login = async (discordId: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { discordId, password, captchaToken: await solveCaptcha(app) },
    });
  const secondSession = async (discordId: string, password: string) => ({
    authorization: `Bearer ${(await login(discordId, password)).json().accessToken}`,
  });

  describe('PATCH /api/v1/user/profile', () => {
    it('renames the account and returns the updated user', async () => {
      const { headers } = await signUp(app);
      const res = await call('PATCH', '/api/v1/user/profile', headers, { username: '  Bob Ships  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Profile updated', user: { username: 'Bob Ships' } });
      expect((await access(headers)).json().username).toBe('Bob Ships');
    });

    it('refuses an empty or too long name, and a request without a session', async () => {
      const { headers } = await signUp(app);
      const empty = await call('PATCH', '/api/v1/user/profile', headers, { username: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Name is required');
      const long = await call('PATCH', '/api/v1/user/profile', headers, { username: 'x'.repeat(81) });
      expect(long.json().message).toBe('Name must be at most 80 characters');
      expect((await call('PATCH', '/api/v1/user/profile', {}, { username: 'N' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/user/password', () => {
    it('changes the password and signs out every other session, not this one', async () => {
      const { discordId, password, headers } = await signUp(app);
      const other = await secondSession(discordId, password);
      const res = await call('POST', '/api/v1/user/password', headers, {
        currentPassword: password,
        newPassword: 'another strong passphrase',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password changed. Other devices have been signed out.' });
      expect((await access(headers)).statusCode).toBe(200);
      expect((await access(other)).statusCode).toBe(401);
      expect((await login(discordId, password)).statusCode).toBe(400);
      expect((await login(discordId, 'another strong passphrase')).statusCode).toBe(200);
    });

    it('refuses a wrong current password, a short and an easily guessed new one', async () => {
      const { discordId, password, headers } = await signUp(app);
      const wrong = await call('POST', '/api/v1/user/password', headers, {
        currentPassword: 'not my password',
        newPassword: 'another strong passphrase',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
      const short = await call('POST', '/api/v1/user/password', headers, {
        currentPassword: password,
        newPassword: 'short',
      });
      expect(short.json().message).toBe('Password must be at least 8 characters');
      for (const [newPassword, message] of [
        ['password123', WEAK.common],
        ['aaaaaaaa', WEAK.repeated],
        [discordId, WEAK.discordName],
      ] as const) {
        const weak = await call('POST', '/api/v1/user/password', headers, {
          currentPassword: password,
          newPassword,
        });
        expect(weak.statusCode).toBe(400);
        expect(weak.json()).toEqual({ message, errors: [{ field: 'newPassword', message }] });
      }
      expect((await login(discordId, password)).statusCode).toBe(200);
    });

    it('locks after 5 wrong current passwords, like sign-in', async () => {
      const { password, headers } = await signUp(app);
      const attempt = (currentPassword: string) =>
        call('POST', '/api/v1/user/password', headers, {
          currentPassword,
          newPassword: 'another strong passphrase',
        });
      for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong ${i} password`)).statusCode).toBe(400);
      expect((await attempt(password)).statusCode).toBe(429);
    });
  });

  describe('POST /api/v1/user/api-key', () => {
    it('replaces the key: the new one is shown and the old one no longer matches', async () => {
      const { headers } = await signUp(app);
      const before = (await access(headers)).json().api_key as string;
      const res = await call('POST', '/api/v1/user/api-key', headers);
      expect(res.statusCode).toBe(200);
      const { api_key: apiKey, message } = res.json();
      expect(message).toBe('A new API key has been created; the old one no longer works');
      expect(apiKey).toMatch(/^lp_[A-Za-z0-9_-]{43}$/);
      expect(apiKey).not.toBe(before);
      expect((await access(headers)).json().api_key).toBe(apiKey);
      const hashes = await app.database.executeSql('SELECT 1 FROM users WHERE api_key_hash = $1', [
        hashToken(before),
      ]);
      expect(hashes.rows).toHaveLength(0);
      const current = await app.database.executeSql('SELECT 1 FROM users WHERE api_key_hash = $1', [
        hashToken(apiKey),
      ]);
      expect(current.rows).toHaveLength(1);
    });
  });

  describe('POST /api/v1/auth/logout-all', () => {
    it('ends every session of the account, this one included, and no one else’s', async () => {
      const { discordId, password, headers } = await signUp(app);
      const other = await secondSession(discordId, password);
      const stranger = await signUp(app);
      const res = await call('POST', '/api/v1/auth/logout-all', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Signed out on every device' });
      expect((await access(headers)).statusCode).toBe(401);
      expect((await access(other)).statusCode).toBe(401);
      expect((await access(stranger.headers)).statusCode).toBe(200);
    });

    it('keeps the API key unless asked, and replaces it when asked', async () => {
      const { discordId, password, headers } = await signUp(app);
      const keyOf = async (h: Record<string, string>) => (await access(h)).json().api_key as string;
      const before = await keyOf(headers);
      expect((await call('POST', '/api/v1/auth/logout-all', headers, {})).statusCode).toBe(200);
      const next = await secondSession(discordId, password);
      expect(await keyOf(next)).toBe(before);
      const res = await call('POST', '/api/v1/auth/logout-all', next, { regenerateApiKey: true });
      expect(res.json()).toEqual({ message: 'Signed out on every device; your API key was replaced' });
      const after = await keyOf(await secondSession(discordId, password));
      expect(after).not.toBe(before);
      const oldKey = await app.inject({
        url: '/api/v2/labeltype/read-types',
        headers: { 'x-api-key': before },
      });
      expect(oldKey.statusCode).toBe(401);
    });
  });
});
