import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SHOWN = 15;

/**
 * Prints the slowest spec files after a run (each with the sum of its tests' times, its slowest test and
 * the worker count), so a spec that grows slower shows in the next run's output (decision 320).
 */
export default class SlowestSpecs implements Reporter {
  private readonly specs = new Map<string, { seconds: number; tests: number; slowest: [string, number] }>();
  private started = Date.now();

  onBegin(): void {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const seconds = result.duration / 1000;
    const spec = this.specs.get(file) ?? { seconds: 0, tests: 0, slowest: ['', 0] };
    spec.seconds += seconds;
    spec.tests += 1;
    if (seconds > spec.slowest[1]) spec.slowest = [test.title, seconds];
    this.specs.set(file, spec);
  }

  onEnd(): void {
    const rows = [...this.specs].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, SHOWN);
    if (rows.length === 0) return;
    const total = [...this.specs.values()].reduce((sum, s) => sum + s.seconds, 0);
    const wall = (Date.now() - this.started) / 1000;
    const width = Math.max(...rows.map(([file]) => file.length));
    const lines = rows.map(
      ([file, s]) =>
        `  ${s.seconds.toFixed(1).padStart(6)} s  ${file.padEnd(width)}  ${s.tests} test${s.tests === 1 ? '' : 's'}, slowest ${s.slowest[1].toFixed(1)} s: ${s.slowest[0]}`,
    );
    process.stdout.write(
      `\nSlowest ${rows.length} specs (tests' own time ${total.toFixed(0)} s in ${wall.toFixed(0)} s of run):\n${lines.join('\n')}\n`,
    );
  }
}
