import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabaseUrl, createTestApp, solveCaptcha } from '../../../test/helper.ts';
import { enrolTwoFactor } from '../../../test/two-factor-fixtures.ts';
import { runCli } from '../../../test/run-cli.ts';
import { createDatabase } from '../client.ts';

/** Runs `npm run admin -- ...` as an operator would (the same script, through tsx). */
const admin = (env: Record<string, string>, ...args: string[]) => runCli('admin.ts', args, env);

async function rolesOf(options: { url?: string; dataDir: string }) {
  const database = await createDatabase(options);
  try {
    const { rows } = await database.executeSql('select discord_id, role from users order by discord_id');
    return Object.fromEntries(rows.map((r) => [r.discord_id, r.role]));
  } finally {
    await database.close();
  }
}

// Each run starts a process that opens (and migrates) the database: slow on a loaded machine.
describe('npm run admin', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a staff account with a generated password shown once, on a stopped embedded database', async () => {
    const res = await admin({ DATA_DIR: dataDir }, 'create', '--discord', 'night.shift');
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('Staff account created. Discord Name: night.shift');
    expect(res.out).toMatch(/Password \(shown once\): \S{16}/);
    expect(await rolesOf({ dataDir })).toEqual({ 'night.shift': 'admin' });
  });

  it('refuses an easily guessed password with the reason, and creates nothing', async () => {
    const res = await admin(
      { DATA_DIR: dataDir },
      'create',
      '--discord',
      'weak.staff',
      '--password',
      'weak.staff2024',
    );
    expect(res.code).toBe(2);
    expect(res.out).toContain('--password: Password is too easy to guess. It contains your Discord Name.');
    expect(await rolesOf({ dataDir })).toEqual({ 'night.shift': 'admin' });
  });

  it('promotes and demotes, but never the last admin', async () => {
    const refused = await admin({ DATA_DIR: dataDir }, 'demote', 'night.shift');
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('The last admin cannot be demoted');
    expect(
      (
        await admin(
          { DATA_DIR: dataDir },
          'create',
          '--discord',
          'day.shift',
          '--password',
          'a-long-passphrase-9',
        )
      ).code,
    ).toBe(0);
    const demoted = await admin({ DATA_DIR: dataDir }, 'demote', 'night.shift');
    expect(demoted.code, demoted.out).toBe(0);
    expect(await rolesOf({ dataDir })).toEqual({ 'day.shift': 'admin', 'night.shift': 'user' });
  });

  it('says at once that the embedded database is in use while another process holds it', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dataDir, 'labelport.lock'), String(holder.pid));
    try {
      const started = Date.now();
      const res = await admin({ DATA_DIR: dataDir }, 'promote', 'night.shift');
      expect(res.code).toBe(3);
      expect(res.out).toContain(`is in use by another process (pid ${holder.pid})`);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      holder.kill();
      fs.rmSync(path.join(dataDir, 'labelport.lock'), { force: true });
    }
  });

  it('works on PostgreSQL', async () => {
    const url = await createPostgresDatabaseUrl('cli');
    const res = await admin(
      { DATABASE_URL: url },
      'create',
      '--discord',
      'pg.staff',
      '--password',
      'a-long-passphrase-9',
    );
    expect(res.code, res.out).toBe(0);
    expect(await rolesOf({ url, dataDir: '' })).toEqual({ 'pg.staff': 'admin' });
    const promoted = await admin({ DATABASE_URL: url }, 'promote', 'pg.staff');
    expect(promoted.out).toContain('pg.staff is now staff (admin)');
  });

  it("resets a staff member's second factor: audited, and the console asks them to enrol again", async () => {
    const url = await createPostgresDatabaseUrl('cli2fa');
    const created = await admin(
      { DATABASE_URL: url },
      'create',
      '--discord',
      'lost.phone',
      '--password',
      'a-long-passphrase-9',
    );
    expect(created.code, created.out).toBe(0);
    const app = await createTestApp({ database: await createDatabase({ url, dataDir: '' }) });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: {
          discordId: 'lost.phone',
          password: 'a-long-passphrase-9',
          captchaToken: await solveCaptcha(app),
        },
      });
      const headers = { authorization: `Bearer ${login.json().accessToken}` };
      await enrolTwoFactor(app, headers);
      const console = () => app.inject({ url: '/api/v1/admin/users', headers });
      expect((await console()).statusCode).toBe(200);

      const res = await admin({ DATABASE_URL: url }, 'reset-2fa', 'lost.phone');
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain('The second factor of lost.phone is reset');
      const refused = await console();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().twoFactorSetupRequired).toBe(true);
      const { rows } = await app.database.executeSql(
        "SELECT actor_id, user_agent FROM audit_log WHERE action = 'two_factor.reset'",
      );
      expect(rows).toEqual([{ actor_id: null, user_agent: 'admin-cli' }]);
      const again = await admin({ DATABASE_URL: url }, 'reset-2fa', 'lost.phone');
      expect(again.code).toBe(2);
      expect(again.out).toContain('lost.phone has no second factor to reset');
    } finally {
      await app.close();
    }
  });
});
