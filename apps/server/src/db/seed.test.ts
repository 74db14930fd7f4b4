import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/helper.ts';
import { findUserByDiscordId } from '../modules/users/users.repository.ts';
import { balanceCents } from '../../test/order-fixtures.ts';
import { DEMO_BALANCE_CENTS, precheckDemoPasswords, seedDemoAdmin, seedDemoUser } from './seed.ts';

describe('demo seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const login = async (discordId: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { discordId, password, captchaToken: await solveCaptcha(app) },
    });

  it('refuses an easily guessed chosen password at start, names the variable, and creates no account', async () => {
    const { db, sealer } = app.ctx;
    await expect(seedDemoUser(db, sealer, app.log, 'demo1234')).rejects.toThrow(
      /^DEMO_PASSWORD: Password is too easy to guess\. It contains your Discord Name\./,
    );
    await expect(seedDemoAdmin(db, sealer, app.log, 'aaaaaaaa')).rejects.toThrow(
      /^DEMO_ADMIN_PASSWORD: Password is too easy to guess\./,
    );
    expect(await findUserByDiscordId(db, 'demo')).toBeUndefined();
    expect(await findUserByDiscordId(db, 'admin')).toBeUndefined();

    await seedDemoUser(db, sealer, app.log, 'demo-password-123');
    expect((await login('demo', 'demo-password-123')).statusCode).toBe(200);
    const demo = (await findUserByDiscordId(db, 'demo'))!;
    expect(demo.role).toBe('user');
    expect(await balanceCents(db, demo.id)).toBe(DEMO_BALANCE_CENTS);
  });

  it('uses the verdicts judged while the database started, and refuses a weak one the same way', async () => {
    const { db, sealer } = app.ctx;
    // Judged before the seed runs (main.ts starts this before the database); the seed waits for them.
    precheckDemoPasswords({ demoPassword: 'demo-password-123', demoAdminPassword: 'admin1234' });
    await seedDemoUser(db, sealer, app.log, 'demo-password-123'); // exists already: never asks
    await expect(seedDemoAdmin(db, sealer, app.log, 'admin1234')).rejects.toThrow(
      /^DEMO_ADMIN_PASSWORD: Password is too easy to guess\. It contains your Discord Name\./,
    );
    expect(await findUserByDiscordId(db, 'admin')).toBeUndefined();
    precheckDemoPasswords({ demoPassword: undefined, demoAdminPassword: 'staff-console-7Kq' });
    await seedDemoAdmin(db, sealer, app.log, 'staff-console-7Kq');
    expect((await login('admin', 'staff-console-7Kq')).statusCode).toBe(200);
    const staff = (await findUserByDiscordId(db, 'admin'))!;
    expect(staff.role).toBe('admin');
    expect(await balanceCents(db, staff.id)).toBe(0);
  });
});
