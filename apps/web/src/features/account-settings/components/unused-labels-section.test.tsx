import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { UnusedLabelsSection } from './unused-labels-section';

describe('Account Settings: unused labels', () => {
  it('is not shown while staff keep it off', async () => {
    const server = stubApi({ 'GET /user/unused-labels': { body: { enabled: false, days: null } } });
    renderWithRouter(<UnusedLabelsSection />, '/settings');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/user/unused-labels')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Unused labels' })).toBeNull();
  });

  it('tells the reseller after how many days an unscanned label is voided and refunded', async () => {
    stubApi({ 'GET /user/unused-labels': { body: { enabled: true, days: 28 } } });
    renderWithRouter(<UnusedLabelsSection />, '/settings');
    const section = await screen.findByRole('region', { name: 'Unused labels' });
    expect(section).toHaveTextContent('not scanned 28 days after its purchase is voided');
  });
});
