import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// A file planted in the orders module: it is linted as if it stood there, and is never written.
const planted = fileURLToPath(new URL('./modules/orders/planted-crossing.ts', import.meta.url));
const FENCE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function fenceErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: planted });
  return result!.messages.filter((m) => m.ruleId === FENCE).map((m) => m.message);
}

describe('the module fence (decision 299)', () => {
  it("refuses an import of another module's repository", async () => {
    const errors = await fenceErrors(
      "import { findInvoice } from '../invoices/invoices.repository.ts';\nexport const read = findInvoice;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('../invoices/invoices.repository.ts');
    expect(errors[0]).toContain('through its service');
  });

  it("refuses an import of another module's helper", async () => {
    const errors = await fenceErrors(
      "import { toCourierView } from '../courier/courier-view.ts';\nexport const view = toCourierView;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("admits another module's service and the module's own files", async () => {
    const errors = await fenceErrors(
      [
        "import { recordAudit } from '../audit/audit.service.ts';",
        "import { findOrder } from './orders.repository.ts';",
        'export const used = [recordAudit, findOrder];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses what the list of old crossings once let through: there is no such list any more', async () => {
    const errors = await fenceErrors(
      [
        "import { scheduleTracking } from '../tracking/tracking-polls.ts';",
        "import { buyUpstreamLabel } from '../purchases/upstream-purchase.ts';",
        'export const used = [scheduleTracking, buyUpstreamLabel];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it("admits the purchases module's service, its one face (decision 337)", async () => {
    const errors = await fenceErrors(
      "import { chargeAndInsert } from '../purchases/purchases.service.ts';\nexport const charge = chargeAndInsert;\n",
    );
    expect(errors).toEqual([]);
  });
});
