import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A newcomer's `npm ci` prints no warning (issue 51, decision 319): every locked package runs on the Node the
 * README asks for, and every install script was reviewed in `allowScripts`. Read from the lockfile, so a
 * dependency bump that brings either back fails here, not on someone's first install.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const manifest = readJson('package.json') as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = readJson('package-lock.json') as {
  packages: Record<
    string,
    { version?: string; link?: boolean; engines?: unknown; hasInstallScript?: boolean }
  >;
};

type Version = [number, number, number];
const versionOf = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((n) => (/^\d+$/.test(n) ? Number(n) : 0));
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` meets one comparator (`>=20`, `^18.18.0`, `~14.17`, `20`, `20.x`, `*`). */
function meets(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?v?([\d.x*]*)$/.exec(comparator);
  if (!match) throw new Error(`cannot read the engine range part "${comparator}"`);
  const [, op = '', text = ''] = match;
  if (text === '' || text === '*' || text === 'x') return true;
  const parts = text.split('.').filter((p) => p !== 'x' && p !== '*');
  const base = versionOf(parts.join('.'));
  const c = compare(version, base);
  const below = (upper: Version) => compare(version, upper) < 0;
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^':
      return c >= 0 && below(base[0] > 0 ? [base[0] + 1, 0, 0] : [0, base[1] + 1, 0]);
    case '~':
      return c >= 0 && below(parts.length > 1 ? [base[0], base[1] + 1, 0] : [base[0] + 1, 0, 0]);
    default:
      // `20`, `20.x`, `20.19`: that release line; a full version: exactly it.
      if (parts.length === 3) return c === 0;
      return parts.length === 1 ? version[0] === base[0] : version[0] === base[0] && version[1] === base[1];
  }
}

/** npm's engine ranges: alternatives joined by `||`, each comparators joined by spaces (or `a - b`). */
function satisfies(version: string, range: string): boolean {
  const v = versionOf(version);
  return range.split('||').some((alternative) => {
    const text = alternative.trim().replace(/([<>]=?|\^|~|=)\s+/g, '$1');
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    if (hyphen) return meets(v, `>=${hyphen[1]}`) && meets(v, `<=${hyphen[2]}`);
    return text.split(/\s+/).every((comparator) => meets(v, comparator));
  });
}

describe('a clean install prints no warning', () => {
  const lowest = versionOf(manifest.engines.node.replace(/^>=\s*/, '')).join('.');

  it('reads engine ranges as npm does', () => {
    expect(satisfies('20.19.0', '>=20')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies('20.19.0', '>=22.12.0 || >=20.19.0 <21.0.0')).toBe(true);
    expect(satisfies('20.19.0', '^20.20.0 || >=22')).toBe(false);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '>= 10')).toBe(true);
  });

  it(`every locked package runs on Node ${lowest}, the lowest the README and engines allow`, () => {
    const wantsNewer = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = (entry.engines as { node?: unknown } | undefined)?.node;
      if (!where || entry.link || typeof range !== 'string') return [];
      return satisfies(lowest, range) ? [] : [`${where}@${entry.version}: node ${range}`];
    });
    expect(wantsNewer).toEqual([]);
  });

  it('every install script in the lockfile is approved or denied in allowScripts', () => {
    const reviewed = manifest.allowScripts ?? {};
    const unreviewed = Object.entries(lock.packages).flatMap(([where, entry]) => {
      if (!entry.hasInstallScript || entry.link) return [];
      const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      return name in reviewed || `${name}@${entry.version}` in reviewed ? [] : [`${name}@${entry.version}`];
    });
    expect(unreviewed).toEqual([]);
  });
});
