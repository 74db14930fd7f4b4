import { z } from 'zod';

/**
 * Payment providers (issue 44): payment companies whose hosted pages take deposits that credit the
 * balance by themselves once the company says the money was captured.
 */
export const PAYMENT_KINDS = ['stripe', 'paypal', 'square'] as const;
export type PaymentProviderKind = (typeof PAYMENT_KINDS)[number];
/** Invoice methods a provider serves: Stripe's cards, PayPal, Cash App Pay through Square. */
export const HOSTED_METHODS = ['stripe', 'paypal', 'cashapp'] as const;
export type HostedMethod = (typeof HOSTED_METHODS)[number];
export const PAYMENT_KIND_NAMES: Record<PaymentProviderKind, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  square: 'Square',
};
/** What the reseller reads on the Add balance form for each method. */
export const DEPOSIT_METHOD_LABELS: Record<HostedMethod, string> = {
  stripe: 'Card',
  paypal: 'PayPal',
  cashapp: 'Cash App',
};
export const METHODS_OF_KIND: Record<PaymentProviderKind, readonly HostedMethod[]> = {
  stripe: ['stripe'],
  paypal: ['paypal'],
  square: ['cashapp'],
};

const secret = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(8, `${label} must be at least 8 characters`)
    .max(500, `${label} must be at most 500 characters`)
    .refine((v) => !/\s/.test(v), `${label} must not contain spaces`);
const baseUrl = z
  .string({ error: 'Base URL must be text' })
  .trim()
  .max(500, 'Base URL must be at most 500 characters')
  .url('Base URL must be a URL such as https://api.example.com')
  .refine((v) => /^https?:\/\//i.test(v), 'Base URL must start with http:// or https://')
  .transform((v) => v.replace(/\/+$/, ''))
  .optional();

export const paymentCredentialsOf = {
  stripe: z.object({ secretKey: secret('Secret key'), baseUrl }, { error: 'Credentials are required' }),
  paypal: z.object(
    { clientId: secret('Client id'), clientSecret: secret('Client secret'), baseUrl },
    { error: 'Credentials are required' },
  ),
  square: z.object(
    {
      accessToken: secret('Access token'),
      locationId: z
        .string({ error: 'Location id is required' })
        .trim()
        .min(1, 'Location id is required')
        .max(100, 'Location id must be at most 100 characters'),
      baseUrl,
    },
    { error: 'Credentials are required' },
  ),
} as const;
export type PaymentCredentials = { baseUrl?: string } & Record<string, string | undefined>;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');
const percent = z
  .number({ error: 'Surcharge percent must be a number' })
  .min(0, 'Surcharge percent must be 0 or more')
  .max(20, 'Surcharge percent must be at most 20')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Surcharge percent has at most 2 decimals');
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(100_000, `${label} must be at most $100,000.00`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} must have at most 2 decimals`);

/** Settings staff give a provider beside its credentials; limits null: none. */
const paymentSettings = {
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  feeMode: z.enum(['absorb', 'surcharge'], { error: 'Fee mode must be absorb or surcharge' }).optional(),
  surchargePercent: percent.optional(),
  surchargeFixed: dollars('Surcharge fixed amount').optional(),
  dailyLimit: dollars('Daily limit').nullable().optional(),
  firstWeekLimit: dollars('First-week limit').nullable().optional(),
};

/** POST /admin/payment-providers */
export const createPaymentProviderBody = z
  .object({
    kind: z.enum(PAYMENT_KINDS, { error: 'Kind must be stripe, paypal or square' }),
    name,
    credentials: z.record(z.string(), z.unknown(), { error: 'Credentials are required' }),
    ...paymentSettings,
  })
  .superRefine((body, ctx) => {
    const parsed = paymentCredentialsOf[body.kind].safeParse(body.credentials);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['credentials', ...issue.path], message: issue.message });
  });
export type CreatePaymentProviderBody = z.output<typeof createPaymentProviderBody>;

/** PUT /admin/payment-providers/{id}: what changes; new credentials replace the old ones whole. */
export const updatePaymentProviderBody = z.object({
  name: name.optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  ...paymentSettings,
});
export type UpdatePaymentProviderBody = z.output<typeof updatePaymentProviderBody>;

export const paymentProviderView = z.object({
  _id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  name: z.string(),
  mode: z.enum(['test', 'live']),
  enabled: z.boolean(),
  /** The last 4 characters of the secret key or token; never shown whole again. */
  credentialHint: z.string(),
  methods: z.array(z.enum(HOSTED_METHODS)),
  feeMode: z.enum(['absorb', 'surcharge']),
  surchargePercent: z.number(),
  surchargeFixed: z.number(),
  dailyLimit: z.number().nullable(),
  firstWeekLimit: z.number().nullable(),
  /** Whether the company sends us its webhooks (registered with `PUBLIC_URL`). */
  webhook: z.boolean(),
  createdAt: z.string(),
});
export type PaymentProviderView = z.infer<typeof paymentProviderView>;
export const paymentProvidersResponse = z.object({ providers: z.array(paymentProviderView) });
export const paymentProviderResponse = z.object({ message: z.string(), provider: paymentProviderView });

/** POST /admin/invoices/{id}/refund */
export const refundInvoiceBody = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
  allowNegative: z.boolean({ error: 'Allow negative must be true or false' }).optional(),
});
export type RefundInvoiceBody = z.output<typeof refundInvoiceBody>;

/** What the Add balance form shows of a method a provider serves: the surcharge paid on top. */
export const hostedMethodView = z.object({
  method: z.enum(HOSTED_METHODS),
  label: z.string(),
  surchargePercent: z.number(),
  surchargeFixed: z.number(),
});
export type HostedMethodView = z.infer<typeof hostedMethodView>;

/** The surcharge on `amountCents` for a provider's settings: percent (rounded up to the cent) + fixed. */
export const surchargeCents = (
  amountCents: number,
  settings: { feeMode: 'absorb' | 'surcharge'; surchargePercent: number; surchargeFixedCents: number },
): number =>
  settings.feeMode === 'surcharge'
    ? Math.ceil((amountCents * Math.round(settings.surchargePercent * 100)) / 10_000) +
      settings.surchargeFixedCents
    : 0;
