import type { AddressView } from '@portal/shared';

/** The sender every fixture ships from: Jane Doe in Austin, TX. */
export const senderAddress = (overrides: Partial<AddressFields> = {}): AddressFields => ({
  name: 'Jane Doe',
  street: '12 Elm St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  ...overrides,
});

/** The receiver every fixture ships to, in Denver, CO. */
export const receiverAddress = (overrides: Partial<AddressFields> = {}): AddressFields =>
  senderAddress({
    name: 'Receiver',
    street: '9 Oak Ave',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    ...overrides,
  });

type AddressFields = Pick<AddressView, 'name' | 'street' | 'street2' | 'city' | 'state' | 'zip'>;

/** Jane Doe's home as the reseller saved it (with an apartment in Street 2). */
export const savedAddressFixture = (overrides: Partial<AddressView> = {}): AddressView => ({
  _id: 'a1',
  ...senderAddress({ street2: 'Apt 3' }),
  country: 'US',
  company: '',
  createdAt: '2025-01-02T10:00:00.000Z',
  ...overrides,
});

/** The address check's hold on a Boston order to ZIP 10118, with New York, NY as its fix. */
export const zipHoldWarning = {
  field: 'ToZip',
  message: 'ZIP 10118 belongs to New York, NY, not Boston, MA; Boston, MA ZIPs start 021-022',
  suggestion: 'New York, NY',
  fix: { ToCity: 'New York', ToState: 'NY' },
};

/** The server's 422 that holds an order for `zipHoldWarning`. */
export const zipHoldReply = {
  status: 422,
  body: { message: 'Please check the addresses, or choose Buy anyway', warnings: [zipHoldWarning] },
};

/** What the order says once the hold's fix is taken: the ZIP's city and state, the ZIP as typed. */
export const zipHoldFixed = { ToCity: 'New York', ToState: 'NY', ToZip: '10118' };
