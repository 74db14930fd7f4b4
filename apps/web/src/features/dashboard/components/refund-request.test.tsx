import type { OrderView, RefundRequestView } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fake-server';
import { orderFixture } from '../../../testing/order-fixtures';
import { renderWithRouter } from '../../../testing/render';
import { DashboardPage } from '../pages/dashboard-page';

/** A completed order of today; the builder's defaults otherwise. */
const order = (n: number, extra: Partial<OrderView>): OrderView =>
  orderFixture(n, { createdAt: new Date().toISOString(), ...extra });

const request = (status: RefundRequestView['status'], rejectionReason: string | null = null) => ({
  _id: 'r',
  status,
  reason: null,
  rejectionReason,
  createdAt: new Date().toISOString(),
  decidedAt: null,
});

describe('Dashboard refunds', { timeout: 20_000 }, () => {
  it('offers Request refund inside the window, sends the reason, and shows each request’s outcome', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const orders = [
      order(1, { refundableUntil: future }),
      order(2, { refundRequest: request('pending'), refundStatus: 'requested' }),
      order(3, {
        status: 'cancelled',
        pdf: null,
        refundRequest: request('approved'),
        refundStatus: 'refunded',
      }),
      order(4, {
        refundRequest: request('rejected', 'Already scanned by the carrier'),
        refundStatus: 'rejected',
        refundNote: 'Already scanned by the carrier',
      }),
      // Refunded before refunds went through the provider: the request alone says how it ended.
      order(5, { status: 'cancelled', pdf: null, refundRequest: request('approved') }),
    ];
    const server = stubApi({
      'GET /order/read': { body: { orders, totalPages: 1, total: 5 } },
      'POST /order/refund-request/o1': {
        status: 201,
        body: { message: 'Refund requested', refundRequest: request('pending') },
      },
    });
    renderWithRouter(<DashboardPage />, '/');
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[1]!).getByText('Refund requested')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Refunded')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Refund rejected')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Already scanned by the carrier')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Refunded')).toBeInTheDocument();
    for (const row of rows.slice(1))
      expect(within(row).queryByRole('button', { name: /Request refund/ })).not.toBeInTheDocument();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Request refund LBL-10041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request refund' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Printed twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(
      await screen.findByText('Refund requested', { selector: '.Toastify *' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const sent = server.calls.find((c) => c.path === '/order/refund-request/o1');
    expect(sent?.body).toEqual({ reason: 'Printed twice' });
  });
});
