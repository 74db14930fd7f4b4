import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';
import { tableOwners } from './table-owners.ts';

type Table = keyof typeof tableOwners;
const srcRoot = fileURLToPath(new URL('../', import.meta.url));
const tableOf = new Map<string, Table>(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, value]) => [getTableName(value as PgTable), name as Table]),
);

/** The module (`modules/<name>/...`) or server area (`captcha/...`, `app` for `src`'s own files) of a file. */
const areaOf = (file: string): string => {
  const parts = file.split('/');
  if (parts.length === 1) return 'app';
  return parts[0] === 'modules' ? parts[1]! : parts[0]!;
};

/** The tables a file names: imported from the schema (type-only imports aside), or in its SQL text. */
function tablesNamed(text: string): Set<Table> {
  const named = new Set<Table>();
  for (const m of text.matchAll(
    /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'[^']*\/schema(?:\.ts|\/[\w-]+\.ts)'/g,
  )) {
    if (m[1]) continue;
    for (const spec of m[2]!.split(',').map((s) => s.trim())) {
      const name = spec.split(/\s+as\s+/)[0]!;
      if (!spec.startsWith('type ') && name in tableOwners) named.add(name as Table);
    }
  }
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi)) {
    const table = tableOf.get(m[1]!);
    if (table) named.add(table);
  }
  return named;
}

/**
 * What is wrong with one file of `src` (its path relative to `src`): a module file other than a
 * repository naming a table, or any file naming a table that is neither its area's nor shared with it.
 */
function ownershipErrors(file: string, text: string): string[] {
  const area = areaOf(file);
  return [...tablesNamed(text)].flatMap((table) => {
    const { owner, sharedWith } = tableOwners[table] as { owner: string; sharedWith: readonly string[] };
    if (file.startsWith('modules/') && !file.endsWith('.repository.ts'))
      return [`${file}: ${table} is used outside a repository`];
    if (owner !== area && !sharedWith.includes(area))
      return [`${file}: ${table} belongs to ${owner}; ask its service`];
    return [];
  });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(srcRoot, full).split(path.sep).join('/')] : [];
  });
}
// Tests and their support set up state through any table; the schema and this map define them. The label
// files' two reads move, with the file, into the module that takes over the purchase path.
const checked = sourceFiles(srcRoot).filter(
  (file) =>
    !file.endsWith('.test.ts') &&
    !file.endsWith('/test-support.ts') &&
    !file.startsWith('db/schema') &&
    file !== 'db/table-owners.ts' &&
    file !== 'modules/orders/label-files.ts',
);

describe('modules own their tables (decision 340)', () => {
  it('gives every table of the schema exactly one owner that exists', () => {
    expect(Object.keys(tableOwners).sort()).toEqual([...tableOf.values()].sort());
    const areas = new Set(checked.map(areaOf));
    for (const { owner, sharedWith } of Object.values(tableOwners))
      for (const area of [owner, ...sharedWith]) expect(areas, area).toContain(area);
  });

  it("finds no file reading or writing a table outside its owner's repositories", () => {
    const errors = checked.flatMap((file) =>
      ownershipErrors(file, fs.readFileSync(path.join(srcRoot, file), 'utf8')),
    );
    expect(errors).toEqual([]);
  });

  it("refuses a planted repository that imports another module's table", () => {
    const planted =
      "import { trackingPolls } from '../../db/schema.ts';\nexport const polls = trackingPolls;\n";
    expect(ownershipErrors('modules/orders/planted.repository.ts', planted)).toEqual([
      'modules/orders/planted.repository.ts: trackingPolls belongs to tracking; ask its service',
    ]);
  });

  it("refuses planted SQL text naming another module's table", () => {
    const planted = 'export const sweep = sql`DELETE FROM tracking_polls WHERE order_id = ${id}`;\n';
    expect(ownershipErrors('modules/orders/planted.repository.ts', planted)).toEqual([
      'modules/orders/planted.repository.ts: trackingPolls belongs to tracking; ask its service',
    ]);
  });

  it("refuses a module's own table used outside its repositories", () => {
    const planted =
      "import { trackingPolls } from '../../db/schema.ts';\nexport const polls = trackingPolls;\n";
    expect(ownershipErrors('modules/tracking/planted.ts', planted)).toEqual([
      'modules/tracking/planted.ts: trackingPolls is used outside a repository',
    ]);
  });

  it('admits a type-only import of a table and the owner repository', () => {
    const planted = [
      "import type { orderTrackingEvents } from '../../db/schema.ts';",
      "import { trackingPolls, type labelPurchases } from '../../db/schema.ts';",
      'export type Event = typeof orderTrackingEvents.$inferSelect | typeof labelPurchases.$inferSelect;',
      'export const polls = trackingPolls;',
      '',
    ].join('\n');
    expect(ownershipErrors('modules/tracking/planted.repository.ts', planted)).toEqual([]);
  });
});
