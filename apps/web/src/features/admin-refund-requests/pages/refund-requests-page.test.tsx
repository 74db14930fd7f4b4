import type { AdminRefundRequestView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refundRequestFixture } from '../../../testing/admin-fixtures';
import { renderWithApi } from '../../../testing/render';
import { confirmWithReason } from '../../../testing/user-actions';
import { RefundRequestsPage } from './refund-requests-page';

function renderRequests(requests: AdminRefundRequestView[]) {
  const decided = (decision: 'approved' | 'rejected') => ({
    body: { message: `Refund request ${decision}`, request: { ...requests[0]!, status: decision } },
  });
  return renderWithApi(<RefundRequestsPage />, '/admin/refund-requests', {
    'GET /admin/refund-requests': { body: { requests, totalPages: 1, total: requests.length } },
    'POST /admin/refund-requests/rq1/reject': decided('rejected'),
    'POST /admin/refund-requests/rq1/approve': decided('approved'),
  }).server;
}

describe('Console Refund Requests: decisions', { timeout: 20_000 }, () => {
  it('refuses to reject without a reason, then sends the reason the reseller will read', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderRequests([refundRequestFixture(1)]);
    await user.click(await screen.findByRole('button', { name: 'Reject LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject refund request' });
    expect(dialog).toHaveTextContent(
      'Reject the refund request for LBL-10041? The reseller reads your reason.',
    );

    await confirmWithReason(user, server, dialog, { button: 'Reject', reason: '  The label was scanned  ' });
    expect(server.posts()[0]).toMatchObject({
      path: '/admin/refund-requests/rq1/reject',
      body: { reason: 'The label was scanned' },
    });
    expect(await screen.findByText('Refund request rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves without asking for a reason and says where the money goes', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderRequests([refundRequestFixture(1)]);
    await user.click(await screen.findByRole('button', { name: 'Approve LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve refund' });
    expect(dialog).toHaveTextContent(
      "Refund LBL-10041? The order is cancelled and $9.00 goes back to acme.labels's balance.",
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and refund' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]?.path).toBe('/admin/refund-requests/rq1/approve');
    expect(await screen.findByText('Refund request approved')).toBeInTheDocument();
  });

  it('offers no decision on a request already decided, and shows why it was declined', async () => {
    renderRequests([
      refundRequestFixture(1, {
        status: 'rejected',
        rejectionReason: 'Already delivered',
        decidedBy: { _id: 's1', discordId: 'staff.one' },
      }),
    ]);
    const row = await screen.findByTestId('refund-request-row');
    expect(within(row).getByText('Declined: Already delivered')).toBeInTheDocument();
    expect(within(row).getByText('by staff.one')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });
});
