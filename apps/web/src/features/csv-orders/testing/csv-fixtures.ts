import type { BulkOrderView, LabelTypeView } from '@portal/shared';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

const tier = (price: number) => [{ fromWeight: 0, toWeight: 150, price }];

export const labelTypes: LabelTypeView[] = [
  {
    _id: 't-pri',
    name: 'USPS Priority Mail',
    uid: 'priority',
    carrier: 'usps',
    weightUnit: 'lb',
    maxWeight: 70,
    status: true,
    prices: tier(6.5),
    voidWindowDays: 30,
  },
  {
    _id: 't-ups',
    name: 'UPS Standard',
    uid: 'ups_standard',
    carrier: 'ups',
    weightUnit: 'lb',
    maxWeight: 150,
    status: true,
    prices: tier(9),
    voidWindowDays: 90,
  },
];

export function bulkOrder(overrides: Partial<BulkOrderView> = {}): BulkOrderView {
  return {
    _id: 'b1',
    createdAt: '2026-03-02T15:04:00.000Z',
    labelType: { _id: 't-pri', name: 'USPS Priority Mail', uid: 'priority' },
    design: 'pitney',
    source: 'csv',
    fileName: 'march.csv',
    status: 'Processing',
    total: 19.5,
    totalOrders: 3,
    progress: { pending: 1, processing: 1, completed: 1, cancelled: 0, done: 1 },
    zip: '/order/bulk-download/b1',
    pdf: '/order/bulk-download-pdf/b1',
    csv: '/order/bulk-download-csv/b1',
    ...overrides,
  };
}

export const csvFile = (name = 'orders.csv', text = 'FromName,ToName\nA,B\n') =>
  new File([text], name, { type: 'text/csv' });

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine select by its label and picks an option. */
export async function choose(user: User, label: string | RegExp, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Mantine's FileInput keeps the real file input hidden next to its button. */
export const fileInput = (): HTMLInputElement => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
