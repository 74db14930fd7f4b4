import { dollarsToCents, type PaymentProviderView, type UpdatePaymentProviderBody } from '@portal/shared';

const centsOrNull = (dollars: number | null | undefined) =>
  dollars === undefined ? undefined : dollars === null ? null : dollarsToCents(dollars);

/** The settings fields of a create or update body, as columns (undefined: unchanged). */
export const settingsOf = (body: UpdatePaymentProviderBody) => ({
  isEnabled: body.enabled,
  feeMode: body.feeMode,
  surchargePercent: body.surchargePercent,
  surchargeFixedCents: body.surchargeFixed === undefined ? undefined : dollarsToCents(body.surchargeFixed),
  dailyLimitCents: centsOrNull(body.dailyLimit),
  firstWeekLimitCents: centsOrNull(body.firstWeekLimit),
});
/** Only the fields given: an update leaves the others as they are. */
export const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A saved provider, and what staff must know when the company could not be reached. */
export type SavedPaymentProvider = { provider: PaymentProviderView; notice: string | null };
