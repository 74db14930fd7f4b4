import type { AdminCourierOrderView, AdminInvoiceView, AdminRefundRequestView } from '@portal/shared';
import { receiverAddress, senderAddress } from './address-fixtures';
import { orderFixture } from './order-fixtures';

/** The reseller every console fixture belongs to. */
export const RESELLER = { _id: 'r1', discordId: 'acme.labels', username: 'Acme Labels' };

/** A pending refund request for `orderFixture(n)` ($9.00), with the reseller's reason. */
export const refundRequestFixture = (
  n: number,
  overrides: Partial<AdminRefundRequestView> = {},
): AdminRefundRequestView => ({
  _id: `rq${n}`,
  status: 'pending',
  reason: 'Printed twice by mistake',
  rejectionReason: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  decidedAt: null,
  order: orderFixture(n),
  reseller: RESELLER,
  decidedBy: null,
  ...overrides,
});

/** A pending $25 CashApp invoice with one receipt; `n` makes its id, note and receipt its own. */
export const adminInvoiceFixture = (
  n: number,
  overrides: Partial<AdminInvoiceView> = {},
): AdminInvoiceView => ({
  _id: `i${n}`,
  amount: 25,
  payment_method: 'cashapp',
  status: 'pending',
  note: `LP-${1000 + n}`,
  receipt: `RCPT${n}`,
  cancelReason: null,
  createdAt: '2025-03-05T09:00:00.000Z',
  decidedAt: null,
  reseller: { _id: RESELLER._id, discordId: RESELLER.discordId },
  receiptUrl: null,
  receiptAt: '2025-03-05T09:05:00.000Z',
  decidedBy: null,
  receipts: [{ receipt: `RCPT${n}`, receiptUrl: null, submittedAt: '2025-03-05T09:05:00.000Z' }],
  provider: null,
  reference: null,
  fee: null,
  hosted_url: null,
  charge: null,
  risk: null,
  captureId: null,
  reviewReason: null,
  refundedAt: null,
  disputeStatus: null,
  ...overrides,
});

/** An Overnight FedEx order from Austin to Denver waiting for a quote; its reference is `C0URIER{n}`. */
export const adminCourierOrderFixture = (
  n: number,
  overrides: Partial<AdminCourierOrderView> = {},
): AdminCourierOrderView => ({
  _id: `c0urier${n}-0000-4000-8000-000000000000`,
  uuid: `cu${n}`,
  status: 'Pending',
  price: null,
  note: '',
  createdAt: '2025-03-05T08:00:00.000Z',
  file: null,
  from: { ...senderAddress(), phone: '5125550100' },
  to: { ...receiverAddress({ name: `Receiver ${n}` }), phone: '3035550100' },
  weight: 3,
  length: 10,
  width: 8,
  height: 4,
  weightUnit: 'lbs',
  dimensionUnit: 'inch',
  specialNotes: '',
  username: RESELLER.username,
  ...overrides,
});
