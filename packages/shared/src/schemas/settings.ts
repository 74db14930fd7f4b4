import { z } from 'zod';

/** Label file retention: 180 days unless staff choose otherwise, never under a month (decision 336). */
export const LABEL_RETENTION_DEFAULT_DAYS = 180;
export const LABEL_RETENTION_MIN_DAYS = 30;
export const LABEL_RETENTION_MAX_DAYS = 3650;

export const PAYMENT_METHODS = ['paypal', 'cashapp'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Settings staff change at run time. Stored per key in `app_settings`; a key never saved reads as its
 * default here, so a fresh install works without anyone opening the Settings page.
 */
export const appSettingsSchema = z.object({
  /** CashApp $cashtag shown in the CashApp modal, such as `$LabelPort`. */
  cashappTag: z.string().trim().max(40).default(''),
  /** File id of the uploaded CashApp QR image (PNG or JPEG), served from our own origin; null for none. */
  cashappQrFileId: z.string().uuid().nullable().default(null),
  /** Plain-text instructions shown in the PayPal modal. */
  paypalInstructions: z.string().max(4000).default(''),
  enabledPaymentMethods: z.array(z.enum(PAYMENT_METHODS)).default(['paypal', 'cashapp']),
  minDepositCents: z.number().int().min(100).default(100),
  maxDepositCents: z.number().int().min(100).default(1_000_000),
  /** Days after an order's creation during which its reseller may request a refund. */
  refundWindowDays: z.number().int().min(0).max(365).default(30),
  /**
   * Unused labels: the void of a completed label with no carrier scan is requested this many days after
   * its purchase (as Pirate Ship does after 28); null: off (the default).
   */
  unusedLabelVoidDays: z.number().int().min(1).max(365).nullable().default(null),
  /**
   * Label files are kept this many days after they were made, then removed from the file store; the
   * order, its tracking and its money stay (issue 48, decision 336).
   */
  labelFileRetentionDays: z
    .number()
    .int()
    .min(LABEL_RETENTION_MIN_DAYS)
    .max(LABEL_RETENTION_MAX_DAYS)
    .default(LABEL_RETENTION_DEFAULT_DAYS),
});

export type AppSettings = z.infer<typeof appSettingsSchema>;
export type AppSettingKey = keyof AppSettings;
export const DEFAULT_APP_SETTINGS: AppSettings = appSettingsSchema.parse({});
