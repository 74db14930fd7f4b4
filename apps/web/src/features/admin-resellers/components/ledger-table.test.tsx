import type { LedgerEntryView } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render';
import { LedgerTable } from './ledger-table';

const entry = (
  kind: LedgerEntryView['kind'],
  by: LedgerEntryView['by'],
  amount: number,
): LedgerEntryView => ({
  _id: `${kind}-${by?.discordId ?? 'none'}`,
  kind,
  amount,
  balanceAfter: 100,
  note: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  by,
});
const staff = { _id: '6f1c2d4e-0000-4000-8000-000000000009', discordId: 'ops.anna' };

describe('LedgerTable', () => {
  it('names who made each change: the staff member, the reseller, or the system', () => {
    renderWithRouter(
      <LedgerTable
        entries={[
          entry('adjustment', staff, 25),
          entry('order_charge', null, -4.5),
          entry('deposit', staff, 50),
          entry('refund', null, 4.5),
          entry('adjustment', null, 1000),
          entry('refund', staff, 9),
        ]}
      />,
    );
    const by = screen.getAllByTestId('ledger-row').map((row) => within(row).getAllByRole('cell').at(-1)!);
    expect(by.map((cell) => cell.textContent)).toEqual([
      'ops.anna',
      'Reseller',
      'ops.anna',
      'System',
      'System',
      'ops.anna',
    ]);
  });
});
