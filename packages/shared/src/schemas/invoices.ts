import { z } from 'zod';
import { limitField, pageField } from './admin.ts';
import { hostedMethodView } from './payments.ts';
import { LABEL_RETENTION_MAX_DAYS, LABEL_RETENTION_MIN_DAYS, PAYMENT_METHODS } from './settings.ts';

/** What `create-invoice` takes: the manual methods, and `stripe` (cards) where a provider serves it. */
export const DEPOSIT_METHODS = ['paypal', 'cashapp', 'stripe'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

const page = pageField;
const limit = limitField;

export const INVOICE_PAGE_SIZE = 10;
export const MAX_PENDING_INVOICES = 5;

/** Amount in dollars with at most 2 decimals; the settings' minimum and maximum are checked by the server. */
export const depositAmount = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({
      error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be a number'),
    })
    .refine((v) => Number.isFinite(v), 'Amount must be a number')
    .refine((v) => v > 0, 'Amount must be greater than 0')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Amount must have at most 2 decimals'),
);

/** POST /invoices/create-invoice (spec section 7). */
export const createInvoiceBody = z.object({
  amount: depositAmount,
  type: z.enum(DEPOSIT_METHODS, { error: 'Payment method must be Card, Paypal or CashApp' }),
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;

/** Invoice as the spec's Invoice object (section 3), with the note, receipt and why it was cancelled. */
export const invoiceView = z.object({
  _id: z.string(),
  amount: z.number(),
  payment_method: z.string(),
  status: z.string(),
  note: z.string(),
  receipt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  /** When staff approved or cancelled it; null while pending. */
  decidedAt: z.string().nullable(),
  /** The payment provider's kind when one serves it (issue 44), its checkout id and fee; null otherwise. */
  provider: z.string().nullable(),
  reference: z.string().nullable(),
  fee: z.number().nullable(),
  /** The provider's hosted page while the payment is open; null once it ended or for a manual invoice. */
  hosted_url: z.string().nullable(),
  /** When staff refunded the deposit (its money taken back from the balance); null otherwise. */
  refundedAt: z.string().nullable(),
  /** A dispute (chargeback) of the payment: open, won (credited again) or lost; null when none. */
  disputeStatus: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;
export const createInvoiceResponse = z.object({
  message: z.string(),
  data: z.object({ hosted_url: z.string(), invoice: invoiceView }),
});

/** POST /invoices/{id}/refresh: where a hosted payment stands, in the reseller's words, and the invoice. */
export const refreshInvoiceResponse = z.object({ message: z.string(), invoice: invoiceView });

/** POST /invoices/verify-cashapp: the receipt link or transaction id of the payment. */
export const verifyCashappBody = z.object({
  invoice: z.string({ error: 'Invoice is required' }).trim().min(1, 'Invoice is required').max(100),
  cashAppUrl: z
    .string({ error: 'Receipt URL or transaction ID is required' })
    .trim()
    .min(1, 'Receipt URL or transaction ID is required')
    .max(500, 'Receipt URL or transaction ID must be at most 500 characters'),
});

export const invoicesQuery = z.object({ page, limit: limit(INVOICE_PAGE_SIZE) });
export const invoicesResponse = z.object({ invoices: z.array(invoiceView), totalPages: z.number().int() });

/** GET /website/get-cashapp (spec section 7); qr is a same-origin image path or '' when none is set. */
export const cashappInfo = z.object({ cashappId: z.string(), qr: z.string() });
export type CashappInfo = z.infer<typeof cashappInfo>;
export const cashappResponse = z.object({ cashapp: cashappInfo });

/** GET /website/deposit-options: what the Add balance form needs from the settings. */
export const depositOptionsResponse = z.object({
  minDeposit: z.number(),
  maxDeposit: z.number(),
  methods: z.array(z.enum(DEPOSIT_METHODS)),
  paypalInstructions: z.string(),
  /** The methods a payment provider serves (paid on its hosted page), with the surcharge on top. */
  hosted: z.array(hostedMethodView),
});
export type DepositOptions = z.infer<typeof depositOptionsResponse>;

const search = z.string().trim().max(100, 'Search must be at most 100 characters').optional().default('');

/** GET /admin/invoices: filters by status and method, search by note or reseller. */
export const adminInvoicesQuery = z.object({
  status: z.enum(['pending', 'cancelled', 'completed', '']).optional().default(''),
  method: z.enum(['cashapp', 'paypal', 'stripe', 'manual', '']).optional().default(''),
  search,
  page,
  limit: limit(20),
});
export type AdminInvoicesQuery = z.output<typeof adminInvoicesQuery>;
/** One receipt the reseller gave for an invoice; a later one replaces it as current but never erases it. */
export const invoiceReceiptView = z.object({
  receipt: z.string(),
  receiptUrl: z.string().nullable(),
  submittedAt: z.string(),
});
export type InvoiceReceiptView = z.infer<typeof invoiceReceiptView>;

export const adminInvoiceView = invoiceView.extend({
  reseller: z.object({ _id: z.string(), discordId: z.string() }),
  receiptUrl: z.string().nullable(),
  receiptAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** Every receipt given for this invoice, newest (the current one) first. */
  receipts: z.array(invoiceReceiptView),
  /** A hosted payment's charge (amount + surcharge), risk outcome, capture id, refund and dispute. */
  charge: z.number().nullable(),
  risk: z.string().nullable(),
  captureId: z.string().nullable(),
  /** Why a captured payment was not credited (another amount or currency): staff decide. */
  reviewReason: z.string().nullable(),
});
export type AdminInvoiceView = z.infer<typeof adminInvoiceView>;
export const adminInvoicesResponse = z.object({
  invoices: z.array(adminInvoiceView),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const cancelInvoiceBody = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
/**
 * POST /admin/invoices/{id}/approve: the receipt staff checked (the invoice's `receipt` as they saw it, null
 * when it had none). A different current receipt is a 409 and moves no money.
 */
export const approveInvoiceBody = z.object(
  {
    receipt: z
      .string({ error: 'Send the receipt you checked, or null when the invoice had none' })
      .trim()
      .max(200)
      .nullable(),
  },
  { error: 'Send the receipt you checked, or null when the invoice had none' },
);
export type ApproveInvoiceBody = z.infer<typeof approveInvoiceBody>;
export const adminInvoiceResponse = z.object({ message: z.string(), invoice: adminInvoiceView });

/** GET and PUT /admin/settings: money in dollars, the QR as a same-origin path. */
export const adminSettingsView = z.object({
  cashappTag: z.string(),
  cashappQr: z.string(),
  paypalInstructions: z.string(),
  enabledPaymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  minDeposit: z.number(),
  maxDeposit: z.number(),
  refundWindowDays: z.number().int(),
  /** Days after which an unused label's void is requested; null: off. */
  unusedLabelVoidDays: z.number().int().nullable(),
  /** Days label files are kept before they are removed (the orders stay). */
  labelFileRetentionDays: z.number().int(),
});
export type AdminSettingsView = z.infer<typeof adminSettingsView>;
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(1, `${label} must be at least $1.00`)
    .max(100_000, `${label} must be at most $100,000.00`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} must have at most 2 decimals`);
export const adminSettingsBody = z
  .object({
    cashappTag: z
      .string()
      .trim()
      .max(40, 'CashApp tag must be at most 40 characters')
      .refine(
        (v) => v === '' || /^\$[A-Za-z][A-Za-z0-9_-]{0,19}$/.test(v),
        'CashApp tag looks like $YourName',
      ),
    paypalInstructions: z.string().max(4000, 'PayPal instructions must be at most 4000 characters'),
    enabledPaymentMethods: z
      .array(z.enum(PAYMENT_METHODS))
      .min(1, 'Enable at least one payment method')
      .transform((v) => [...new Set(v)]),
    minDeposit: dollars('Minimum deposit'),
    maxDeposit: dollars('Maximum deposit'),
    refundWindowDays: z
      .number({ error: 'Refund window must be a number' })
      .int('Refund window must be whole days')
      .min(0, 'Refund window must be 0 days or more')
      .max(365, 'Refund window must be at most 365 days'),
    unusedLabelVoidDays: z
      .number({ error: 'Unused label days must be a number or null' })
      .int('Unused label days must be whole days')
      .min(1, 'Unused label days must be 1 or more')
      .max(365, 'Unused label days must be at most 365')
      .nullable(),
    labelFileRetentionDays: z
      .number({ error: 'Keep label files must be a number of days' })
      .int('Keep label files must be whole days')
      .min(LABEL_RETENTION_MIN_DAYS, `Keep label files for at least ${LABEL_RETENTION_MIN_DAYS} days`)
      .max(LABEL_RETENTION_MAX_DAYS, `Keep label files for at most ${LABEL_RETENTION_MAX_DAYS} days`),
  })
  .partial()
  .superRefine((b, ctx) => {
    if (b.minDeposit !== undefined && b.maxDeposit !== undefined && b.minDeposit > b.maxDeposit)
      ctx.addIssue({
        code: 'custom',
        path: ['maxDeposit'],
        message: 'Maximum deposit must be at least the minimum',
      });
  });
export type AdminSettingsBody = z.output<typeof adminSettingsBody>;
