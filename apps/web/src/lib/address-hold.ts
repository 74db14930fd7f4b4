import { addressWarningsSchema, type AddressWarning } from '@portal/shared';
import { ApiError } from './api-client';

/**
 * A purchase the address check held back (422 with `warnings`, "Please check the addresses, or choose
 * Buy anyway"): the warnings to show in the amber panel, else null. A held purchase is not a failure, so
 * no error toast is shown for it (query-client).
 */
export function heldAddressWarnings(error: unknown): AddressWarning[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = addressWarningsSchema.safeParse((error.body as { warnings?: unknown } | null)?.warnings);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}
