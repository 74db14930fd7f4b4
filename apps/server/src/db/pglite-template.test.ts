import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.ts';
import { createDatabase, createPgliteTemplate } from './client.ts';

const countUsers = async (database: Awaited<ReturnType<typeof createDatabase>>): Promise<number> =>
  Number((await database.executeSql('SELECT count(*)::int AS n FROM users')).rows[0]!.n);

/** docs/decisions/215-migrated-embedded-template.md: new embedded databases start migrated. */
describe('migrated template for new embedded databases', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const template = path.join(root, 'template');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a new data directory starts as a copy of the template: migrated before migrate() runs', async () => {
    await createPgliteTemplate(template);
    expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);

    const database = await createDatabase({ dataDir: path.join(root, 'data'), template });
    try {
      expect(await countUsers(database)).toBe(0);
      await database.migrate();
      await database.executeSql('CREATE TABLE kept (x int); INSERT INTO kept VALUES (1);');
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(root).sort()).toEqual(['data', 'template']);
  });

  it('an existing database is opened as it is, never replaced by the template', async () => {
    const database = await createDatabase({ dataDir: path.join(root, 'data'), template });
    try {
      const { rows } = await database.executeSql('SELECT x FROM kept');
      expect(rows).toEqual([{ x: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('without a template, a new directory gets an empty database that migrate() fills', async () => {
    const database = await createDatabase({ dataDir: path.join(root, 'bare'), template: false });
    try {
      await expect(countUsers(database)).rejects.toThrow(/users/);
      await database.migrate();
      expect(await countUsers(database)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("an in-memory test database starts from the run's migrated image", async () => {
    const database = await createTestDatabase('pglite');
    try {
      expect(await countUsers(database)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('databases opened from the one image do not share what is written to them', async () => {
    const first = await createTestDatabase('pglite');
    try {
      await first.executeSql('CREATE TABLE written (x int); INSERT INTO written VALUES (1);');
      const second = await createTestDatabase('pglite');
      try {
        await expect(second.executeSql('SELECT x FROM written')).rejects.toThrow(/written/);
        expect(await countUsers(second)).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
