import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesRoot = fileURLToPath(new URL('./modules/', import.meta.url));

/** Every file of a module but its tests, by its path under `modules/`. */
function moduleFiles(dir = modulesRoot): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    const isSource = /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts');
    return isSource ? [path.relative(modulesRoot, full).split(path.sep).join('/')] : [];
  });
}

/**
 * Module -> the other modules its files import, type-only and dynamic imports included: a type ties two
 * modules as much as a call does.
 */
function moduleImports(files: readonly { file: string; text: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, text } of files) {
    const from = file.split('/')[0]!;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!)).split('/')[0]!;
      if (to !== from && to !== '..') targets.add(to);
    }
  }
  return graph;
}

/** The groups of modules that reach each other through their imports (strongly connected, two or more). */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const house = () =>
  moduleFiles().map((file) => ({ file, text: fs.readFileSync(path.join(modulesRoot, file), 'utf8') }));

describe('module dependencies point one way (decision 356)', () => {
  it('finds no two modules that reach each other through their imports', () => {
    expect(loops(moduleImports(house()))).toEqual([]);
  });

  it('finds the loop a planted import back up makes, with every module on it', () => {
    const planted = {
      file: 'webhooks/planted.ts',
      text: "import { toOrderView } from '../orders/order-records.service.ts';\nexport const view = toOrderView;\n",
    };
    const [loop, ...others] = loops(moduleImports([...house(), planted]));
    expect(others).toEqual([]);
    expect(loop).toContain('orders');
    expect(loop).toContain('webhooks');
  });

  it('counts a type-only import as a tie', () => {
    const files = [
      { file: 'a/a.ts', text: "import type { B } from '../b/b.service.ts';\n" },
      { file: 'b/b.service.ts', text: "export type { A as B } from '../a/a.service.ts';\n" },
    ];
    expect(loops(moduleImports(files))).toEqual([['a', 'b']]);
  });
});
