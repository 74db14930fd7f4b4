import type { AddressView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { savedAddressFixture, senderAddress } from '../../../testing/address-fixtures';
import { fieldErrorsReply, stubApi } from '../../../testing/fake-server';
import { renderWithRouter } from '../../../testing/render';
import { AddressesPage } from './addresses-page';

const home = savedAddressFixture();

const renderPage = (addresses: AddressView[] = [home], extra: Parameters<typeof stubApi>[0] = {}) => {
  const server = stubApi({ 'GET /address/readAll': { body: { addresses } }, ...extra });
  renderWithRouter(<AddressesPage />, '/address');
  return server;
};

const chooseState = async (user: ReturnType<typeof userEvent.setup>, name: string | RegExp) => {
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name }));
};

describe('AddressesPage', () => {
  it('lists the saved addresses', async () => {
    renderPage();
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('12 Elm St')).toBeInTheDocument();
    expect(screen.getByText('73301')).toBeInTheDocument();
  });

  it('invites to create the first address when there is none', async () => {
    renderPage([]);
    expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
  });

  it('creates an address with the country fixed to United States and State required', async () => {
    const user = userEvent.setup();
    const server = renderPage([], {
      'POST /address/create': { body: { message: 'Address created successfully', address: home } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Address' });
    const country = within(dialog).getByLabelText('Country');
    expect(country).toBeDisabled();
    expect(country).toHaveValue('United States');

    await user.type(within(dialog).getByLabelText('Name'), 'Jane Doe');
    await user.type(within(dialog).getByLabelText('Street'), '12 Elm St');
    await user.type(within(dialog).getByLabelText('City'), 'Austin');
    await user.type(within(dialog).getByLabelText('ZIP Code'), '73301');
    await user.click(within(dialog).getByRole('button', { name: 'Create Address' }));
    expect(await within(dialog).findByText('State is required')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    await chooseState(user, 'TX — Texas');
    await user.click(within(dialog).getByRole('button', { name: 'Create Address' }));
    expect(await screen.findByText('Address created successfully')).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/address/create');
    expect(post?.body).toEqual({ ...senderAddress(), country: 'US' });
  });

  it('shows the server message when the ZIP is refused', async () => {
    const user = userEvent.setup();
    renderPage([home], {
      'PUT /address/update/a1': {
        status: 400,
        body: { message: 'ZIP Code must be 5 digits or ZIP+4 (12345-6789)' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Address' });
    expect(within(dialog).getByLabelText('Street 2')).toHaveValue('Apt 3');
    const zip = within(dialog).getByLabelText('ZIP Code');
    await user.clear(zip);
    await user.type(zip, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('ZIP Code must be 5 digits or ZIP+4 (12345-6789)')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Address' })).toBeInTheDocument();
  });

  it('asks before deleting and deletes on confirmation', async () => {
    const user = userEvent.setup();
    const server = renderPage([home], {
      'DELETE /address/delete/a1': { body: { message: 'Address deleted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete address' });
    expect(within(dialog).getByText('Are you sure you want to delete this address?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/address/delete/a1')).toBe(true),
    );
  });

  it('shows every field the server refuses on that field at once, not one message in a toast', async () => {
    const user = userEvent.setup();
    renderPage([], {
      'POST /address/create': fieldErrorsReply({
        name: 'Name is required',
        street: 'Street is required',
        city: 'City is required',
        zip: 'ZIP Code must be 5 digits',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Address' });
    await chooseState(user, 'TX — Texas');
    await user.click(within(dialog).getByRole('button', { name: 'Create Address' }));
    expect(await within(dialog).findByText('Street is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('City is required')).toBeInTheDocument();
    expect(within(dialog).getByText('ZIP Code must be 5 digits')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(screen.getAllByText('Name is required')).toHaveLength(1);
  });

  it('saves an address the check doubts, shows why in an amber panel, and uses the ZIP’s city and state', async () => {
    const user = userEvent.setup();
    const rita = savedAddressFixture({ _id: 'a9', name: 'Rita', city: 'Boston', state: 'MA', zip: '10118' });
    const warning = {
      field: 'zip',
      message: 'ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022',
      suggestion: 'New York, NY',
      fix: { city: 'New York', state: 'NY' },
    };
    const server = renderPage([], {
      'POST /address/create': {
        status: 201,
        body: { message: 'Address created successfully', address: rita, warnings: [warning] },
      },
      'PUT /address/update/a9': { body: { message: 'Address updated successfully', address: rita } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Address' });
    await user.type(within(dialog).getByLabelText('Name'), 'Rita');
    await user.type(within(dialog).getByLabelText('Street'), '350 5th Ave');
    await user.type(within(dialog).getByLabelText('City'), 'Boston');
    await user.type(within(dialog).getByLabelText('ZIP Code'), '10118');
    await chooseState(user, 'MA — Massachusetts');
    await user.click(within(dialog).getByRole('button', { name: 'Create Address' }));

    const panel = await within(dialog).findByRole('alert', { name: 'Check the address' });
    expect(panel).toHaveTextContent('Saved as typed.');
    expect(panel).toHaveTextContent('ZIP 10118 belongs to New York, NY, not Boston, MA');
    expect(within(panel).getByRole('button', { name: 'Keep as typed' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Use New York, NY' }));
    expect(within(dialog).getByLabelText('City')).toHaveValue('New York');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Address updated successfully')).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/address/update/a9');
    expect(put?.body).toMatchObject({ city: 'New York', state: 'NY', zip: '10118' });
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
