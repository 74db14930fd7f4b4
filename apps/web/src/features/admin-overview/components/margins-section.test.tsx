import type { MarginsResponse } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../testing/downloads';
import { renderWithApi } from '../../../testing/render';
import { MarginsSection } from './margins-section';

const today = new Date().toISOString().slice(0, 10);
const figures = { labels: 3, revenue: 19.5, cost: 14.1, margin: 5.4, belowCost: 0 };
const margins: MarginsResponse = {
  days: 30,
  byDay: [{ day: today, ...figures }],
  byLabelType: [{ labelTypeId: 't-pri', name: 'USPS Priority Mail', ...figures }],
  byProvider: [
    { providerId: 'p-ep', name: 'EasyPost', labels: 2, revenue: 13, cost: 8.35, margin: 4.65, belowCost: 0 },
    { providerId: 'p-b', name: 'Portal B', labels: 1, revenue: 6.5, cost: 5.75, margin: 0.75, belowCost: 0 },
  ],
  savedByRouting: 2.9,
  refusedBelowMargin: 4,
  costWarnings: [],
};

describe('Overview margins: routing by live quotes (decision 332)', { timeout: 20_000 }, () => {
  it('shows the margin per provider, what routing saved and refused, and downloads the CSV for the books', async () => {
    const user = userEvent.setup({ delay: null });
    const downloads = captureDownloads();
    const { server } = renderWithApi(<MarginsSection />, '/admin', {
      'GET /admin/margins': { body: margins },
      'GET /admin/reports/margins.csv': { body: 'Provider,Labels\r\n' },
    });
    const providers = await screen.findByRole('table', { name: 'Margin per provider' });
    const rows = within(providers).getAllByTestId('provider-margin-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'EasyPost2$13.00$8.35$4.650',
      'Portal B1$6.50$5.75$0.750',
    ]);
    expect(screen.getByText('Saved by routing').nextSibling).toHaveTextContent('$2.90');
    expect(screen.getByText('Refused below margin').nextSibling).toHaveTextContent('4');
    await user.click(screen.getByRole('button', { name: 'Download CSV for the books' }));
    await waitFor(() => expect(downloads.clicks).toHaveLength(1));
    expect(server.queries('/admin/reports/margins.csv')).toEqual([
      { from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), to: today, groupBy: 'provider' },
    ]);
    expect(downloads.clicks[0]!.download).toBe('margins-by-provider.csv');
  });
});
