import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signUpOver, startServer, type ServerProcess } from '../../test/server-process.ts';

/** Decision 273: the schema has its own owner; the app's role cannot undo the audit log's protection. */
describe('a separate owner of the schema (PostgreSQL)', () => {
  const adminUrl = inject('postgresUrl');
  const suffix = crypto.randomBytes(4).toString('hex');
  const owner = `lp_owner_${suffix}`;
  const appRole = `lp_app_${suffix}`;
  const database = `lp_roles_${suffix}`;
  const urlFor = (role: string) => {
    const url = new URL(adminUrl);
    url.username = role;
    url.pathname = `/${database}`;
    return url.toString();
  };
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
  });

  const asRole = async <T>(role: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlFor(role) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const refusal = (client: pg.Client, statement: string) =>
    client.query(statement).then(
      () => 'allowed',
      (error: { code?: string }) => error.code,
    );

  it('migrates as the owner, runs as the app role, and the app role can only add to and read the audit log', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${owner} LOGIN`);
    await admin.query(`CREATE ROLE ${appRole} LOGIN`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${owner}`);
    await admin.end();

    // A deploy's first start: the owner migrates and grants, the server itself runs as the app role.
    const first = await startServer(urlFor(appRole), { DATABASE_OWNER_URL: urlFor(owner) });
    servers.push(first);
    const reseller = await signUpOver(first.baseUrl);
    await first.kill('SIGTERM');
    // Later starts need no owner: nothing to migrate, and the app role runs no DDL.
    const second = await startServer(urlFor(appRole));
    servers.push(second);
    const me = await fetch(`${second.baseUrl}/api/v1/auth/access`, { headers: reseller.headers });
    expect(me.status).toBe(200);

    await asRole(appRole, async (client) => {
      await client.query(
        `INSERT INTO audit_log (actor_id, action, target_type, target_id) VALUES ($1, 'test.entry', 'user', $2)`,
        [reseller.id, reseller.id],
      );
      const { rows } = await client.query(`SELECT action FROM audit_log WHERE actor_id = $1`, [reseller.id]);
      expect(rows).toEqual([{ action: 'test.entry' }]);
      // 42501: insufficient privilege; none of these reaches the table.
      expect({
        update: await refusal(client, `UPDATE audit_log SET action = 'changed'`),
        delete: await refusal(client, 'DELETE FROM audit_log'),
        truncate: await refusal(client, 'TRUNCATE audit_log'),
        dropTrigger: await refusal(client, 'DROP TRIGGER audit_log_immutable ON audit_log'),
        disableTriggers: await refusal(client, 'ALTER TABLE audit_log DISABLE TRIGGER ALL'),
        dropFunction: await refusal(client, 'DROP FUNCTION audit_log_refuse_change() CASCADE'),
        replaceFunction: await refusal(
          client,
          `CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`,
        ),
        dropTable: await refusal(client, 'DROP TABLE audit_log'),
      }).toEqual({
        update: '42501',
        delete: '42501',
        truncate: '42501',
        dropTrigger: '42501',
        disableTriggers: '42501',
        dropFunction: '42501',
        replaceFunction: '42501',
        dropTable: '42501',
      });
    });
    // The owner still cannot change a row either: the triggers stand.
    await asRole(owner, async (client) => {
      expect(await refusal(client, `UPDATE audit_log SET action = 'changed'`)).toBe('42501');
    });
  }, 180_000);

  it('a server without the owner says what to do when migrations are due', async () => {
    const fresh = `lp_fresh_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${fresh} OWNER ${owner}`);
    await admin.end();
    const url = new URL(urlFor(appRole));
    url.pathname = `/${fresh}`;
    await expect(startServer(url.toString())).rejects.toThrow(/start once with DATABASE_OWNER_URL/);
  }, 120_000);
});
