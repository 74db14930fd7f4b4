import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the closing table names. */
export const SLOWEST_SHOWN = 15;

/** A file's own time: its environment, setup, import and every test and hook in it. */
export const fileSeconds = (module: TestModule): number => {
  const d = module.diagnostic();
  return (
    (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000
  );
};

/**
 * Prints the slowest test files after a run (each with its project and count of tests), so a change that
 * makes one slower shows in the next run's output rather than only in the total (decision 321).
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((module) => ({
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name,
        tests: [...module.children.allTests()].length,
        seconds: fileSeconds(module),
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((r) => r.file.length));
    const lines = rows.map(
      (r) =>
        `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file.padEnd(width)}  ${r.project} (${r.tests} test${r.tests === 1 ? '' : 's'})`,
    );
    process.stdout.write(`\nSlowest ${rows.length} test files:\n${lines.join('\n')}\n`);
  }
}
