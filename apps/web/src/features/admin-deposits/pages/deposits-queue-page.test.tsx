import type { AdminInvoiceView } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminInvoiceFixture } from '../../../testing/admin-fixtures';
import { renderWithApi } from '../../../testing/render';
import { confirmWithReason } from '../../../testing/user-actions';
import { DepositsQueuePage } from './deposits-queue-page';

const renderQueue = (invoices: AdminInvoiceView[], routes = {}) =>
  renderWithApi(<DepositsQueuePage />, '/admin/deposits', {
    'GET /admin/invoices': { body: { invoices, totalPages: 1, total: invoices.length } },
    ...routes,
  }).server;

describe('Console Deposits: deciding an invoice', { timeout: 20_000 }, () => {
  it('cancels only with a reason, which the reseller reads on their Deposits page', async () => {
    const user = userEvent.setup({ delay: null });
    const invoice = adminInvoiceFixture(1);
    const server = renderQueue([invoice], {
      'POST /admin/invoices/i1/cancel': {
        body: { message: 'LP-1001 cancelled', invoice: { ...invoice, status: 'cancelled' } },
      },
    });
    const row = await screen.findByTestId('admin-invoice-row');
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel LP-1001?' });
    expect(dialog).toHaveTextContent("Nothing is added to acme.labels's balance.");

    await confirmWithReason(user, server, dialog, { button: 'Cancel invoice', reason: 'No payment arrived' });
    expect(server.posts()[0]).toMatchObject({
      path: '/admin/invoices/i1/cancel',
      body: { reason: 'No payment arrived' },
    });
    expect(await screen.findByText('LP-1001 cancelled')).toBeInTheDocument();
  });

  it('approves the receipt staff saw; when it changed since, says so and keeps the dialog open', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderQueue([adminInvoiceFixture(1)], {
      'POST /admin/invoices/i1/approve': {
        status: 409,
        body: {
          message: 'The receipt on LP-1001 changed to RCPT9 since you looked; check it before approving',
        },
      },
    });
    const row = await screen.findByTestId('admin-invoice-row');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve LP-1001?' });
    expect(within(dialog).getByText('RCPT1')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Approve $25.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The receipt on LP-1001 changed to RCPT9 since you looked; check it before approving',
    );
    expect(server.posts()[0]).toMatchObject({
      path: '/admin/invoices/i1/approve',
      body: { receipt: 'RCPT1' },
    });
    expect(screen.getByRole('dialog', { name: 'Approve LP-1001?' })).toBeInTheDocument();
  });

  it('shows a card deposit with its provider, reference, fee and risk, and refunds it with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const invoice = adminInvoiceFixture(2, {
      payment_method: 'stripe',
      status: 'completed',
      receipt: null,
      receipts: [],
      provider: 'stripe',
      reference: 'cs_test_123',
      fee: 0.75,
      risk: 'elevated',
      charge: 25,
      captureId: 'pi_123',
    });
    const server = renderQueue([invoice], {
      'POST /admin/invoices/i2/refund': {
        body: {
          message: 'LP-1002 refunded: $25.00 taken from acme.labels',
          invoice: { ...invoice, refundedAt: 'now' },
        },
      },
    });
    const row = await screen.findByTestId('admin-invoice-row');
    expect(row).toHaveTextContent('cs_test_123');
    expect(row).toHaveTextContent('Fee $0.75 · Risk elevated');
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund LP-1002?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Refund even if the balance goes below zero' }),
    );
    await confirmWithReason(user, server, dialog, {
      button: 'Refund $25.00',
      reason: 'Asked by the reseller',
    });
    expect(server.posts()[0]).toMatchObject({
      path: '/admin/invoices/i2/refund',
      body: { reason: 'Asked by the reseller', allowNegative: true },
    });
    expect(await screen.findByText('LP-1002 refunded: $25.00 taken from acme.labels')).toBeInTheDocument();
  });
});
