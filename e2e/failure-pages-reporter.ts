import fs from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const LIMIT = 4_000;

/**
 * Prints what the page showed when a test failed (Playwright's error context: the page's accessibility
 * snapshot), so a failure on a machine whose test-results folder is gone still says what a person saw.
 */
export default class FailurePages implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context') continue;
      const text = attachment.body?.toString() ?? readIfThere(attachment.path);
      if (!text) continue;
      const shown = text.length > LIMIT ? `${text.slice(0, LIMIT)}\n[... ${text.length - LIMIT} more]` : text;
      process.stdout.write(`\nThe page when "${test.title}" failed:\n${shown}\n`);
    }
  }
}

function readIfThere(file: string | undefined): string | undefined {
  return file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}
