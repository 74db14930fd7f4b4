import type { AdminCourierOrderView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminCourierOrderFixture } from '../../../testing/admin-fixtures';
import { fieldErrorsReply } from '../../../testing/fake-server';
import { renderWithApi } from '../../../testing/render';
import { confirmWithReason, type User } from '../../../testing/user-actions';
import { CourierPage } from './courier-page';

const CANCEL = `POST /admin/courier/${adminCourierOrderFixture(1)._id}/cancel`;

const renderCourier = (orders: AdminCourierOrderView[], routes = {}) =>
  renderWithApi(<CourierPage />, '/admin/courier', {
    'GET /admin/courier': { body: { docs: orders, totalPages: 1, totalDocs: orders.length } },
    ...routes,
  }).server;

/** Clicks the move's button on the first order and returns the dialog it opens. */
const openMove = async (user: User, move: 'Cancel' | 'Quote', title: string) => {
  await user.click(await screen.findByRole('button', { name: `${move} C0URIER1` }));
  return screen.findByRole('dialog', { name: title });
};

describe('Console Courier: cancelling an order', { timeout: 20_000 }, () => {
  it('asks why before cancelling, and tells staff a paid order is refunded', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderCourier([adminCourierOrderFixture(1, { status: 'In Process', price: 42.5 })], {
      [CANCEL]: { body: { message: 'Order cancelled and refunded' } },
    });
    const dialog = await openMove(user, 'Cancel', 'Cancel the order');
    expect(dialog).toHaveTextContent('The reseller paid $42.50; cancelling refunds it.');

    await confirmWithReason(user, server, dialog, {
      button: 'Cancel order',
      field: 'Status Note',
      required: 'Tell the reseller why the order is cancelled',
      reason: 'No pickup slot tonight',
    });
    expect(server.posts()[0]?.body).toEqual({ note: 'No pickup slot tonight' });
    expect(await screen.findByText('Order cancelled and refunded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel the order' })).toBeNull());
  });

  it('puts the server’s word on the note under the note, and keeps the dialog open', async () => {
    const user = userEvent.setup({ delay: null });
    renderCourier([adminCourierOrderFixture(1)], {
      [CANCEL]: fieldErrorsReply({ note: 'Note must be at most 500 characters' }),
    });
    const dialog = await openMove(user, 'Cancel', 'Cancel the order');
    const note = within(dialog).getByRole('textbox', { name: 'Status Note' });
    await user.type(note, 'Too long for the server');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(/Note must be at most 500 characters/));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('Console Courier: quoting an order', { timeout: 20_000 }, () => {
  const QUOTE = `POST /admin/courier/${adminCourierOrderFixture(1)._id}/quote`;

  it('asks for a price above $0 before sending, then sends the price and the trimmed note', async () => {
    const user = userEvent.setup({ delay: null });
    const server = renderCourier([adminCourierOrderFixture(1)], {
      [QUOTE]: { body: { message: 'Quote sent' } },
    });
    const dialog = await openMove(user, 'Quote', 'Send a quote');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('Enter a price above $0')).toBeInTheDocument();
    expect(server.posts()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Price/ }), '42.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Status Note' }), '  Pickup at 6pm  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    expect(server.posts()[0]?.body).toEqual({ price: 42.5, note: 'Pickup at 6pm' });
  });

  it('puts the server’s word on the price under the price, and keeps the dialog open', async () => {
    const user = userEvent.setup({ delay: null });
    renderCourier([adminCourierOrderFixture(1)], {
      [QUOTE]: fieldErrorsReply({ price: 'Price must be in whole cents' }),
    });
    const dialog = await openMove(user, 'Quote', 'Send a quote');
    await user.type(within(dialog).getByRole('textbox', { name: /^Price/ }), '42.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Price/ })).toHaveAccessibleDescription(
        /Price must be in whole cents/,
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Send a quote' })).toBeInTheDocument();
  });
});
