import type { PaymentProviderView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { gatewayFor, notFound, toPaymentProviderView } from './payment-provider-records.ts';
import { findPaymentProvider, listPaymentProviders } from './payments.repository.ts';

/** GET /admin/payment-providers */
export async function readPaymentProviders(ctx: AppContext): Promise<PaymentProviderView[]> {
  return (await listPaymentProviders(ctx.db)).map(toPaymentProviderView);
}

/** POST /admin/payment-providers/{id}/test: one cheap authenticated read with the stored credentials. */
export async function testPaymentProvider(ctx: AppContext, id: string) {
  const row = await findPaymentProvider(ctx.db, id);
  if (!row) throw notFound();
  return gatewayFor(ctx, row).testConnection();
}
