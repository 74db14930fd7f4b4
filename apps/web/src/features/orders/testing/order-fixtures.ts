import type { AddressView, LabelTypeView } from '@portal/shared';
import { screen, within } from '@testing-library/react';
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
    _id: 't-oz',
    name: 'USPS Ground Advantage (oz)',
    uid: 'ground_oz',
    carrier: 'usps',
    weightUnit: 'oz',
    maxWeight: 15.99,
    status: true,
    prices: tier(3),
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
  {
    _id: 't-upsg',
    name: 'UPS Ground',
    uid: 'ups_ground',
    carrier: 'ups',
    weightUnit: 'lb',
    maxWeight: 150,
    status: true,
    prices: tier(9),
    voidWindowDays: 90,
  },
  {
    _id: 't-fedex',
    name: 'FedEx Ground',
    uid: 'fedex_ground',
    carrier: 'fedex',
    weightUnit: 'lb',
    maxWeight: 150,
    status: true,
    prices: tier(8),
    voidWindowDays: 90,
  },
  {
    _id: 't-off',
    name: 'UPS Express',
    uid: 'ups_express',
    carrier: 'ups',
    weightUnit: 'lb',
    maxWeight: 150,
    status: false,
    prices: tier(18),
    voidWindowDays: 90,
  },
];

export const savedAddress: AddressView = {
  _id: 'a1',
  name: 'Jane Doe',
  street: '12 Elm St',
  street2: 'Apt 3',
  city: 'Austin',
  state: 'TX',
  zip: '73301',
  country: 'US',
  company: '',
  createdAt: '2025-01-02T10:00:00.000Z',
};

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine select by its label and picks an option. */
export async function choose(
  user: User,
  label: string | RegExp,
  option: string | RegExp,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

export const card = (side: 'From' | 'To') => screen.getByRole('region', { name: side });
