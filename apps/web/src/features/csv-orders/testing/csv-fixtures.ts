import type { BulkOrderView } from '@portal/shared';
import { labelTypeFixture, priorityMail } from '../../../testing/label-type-fixtures';

export const labelTypes = [priorityMail, labelTypeFixture()];

export function bulkOrder(overrides: Partial<BulkOrderView> = {}): BulkOrderView {
  return {
    _id: 'b1',
    createdAt: '2026-03-02T15:04:00.000Z',
    createdBy: { _id: 'me', username: 'Demo Reseller' },
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

/** Mantine's FileInput keeps the real file input hidden next to its button. */
export const fileInput = (): HTMLInputElement => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
