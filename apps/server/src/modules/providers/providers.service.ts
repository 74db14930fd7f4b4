import { centsToDollars, type QuoteView } from '@portal/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findOrderRoutings } from './routings.repository.ts';

// Staff's provider actions each live in their own file (create-provider.ts, update-provider.ts ...); this
// service is what other modules call.

// What a purchase routes by: the route's steps, its quotes and the plan they give (decision 337).
export type { RouteStepRow } from './providers.repository.ts';
export { needsQuotes, type RoutePlanSettings } from './route-plan.ts';
export { BelowMarginError, belowMarginMessage, quoteRoute } from './route-quotes.ts';
export { markQuoteChosen } from './routings.repository.ts';
// Housekeeping's purge of old provider call records.
export { deleteProviderCallsBefore } from './providers.repository.ts';
// The provider rows that address checks and tracking read.
export { findProvider, findRoutesOf, type ProviderRow } from './providers.repository.ts';
/** Where a provider's tracking webhooks arrive; staff's provider actions register it there (tracking-webhook.ts). */
export { inboundPath } from './tracking-webhook.ts';

/** The live quotes each order was routed by, as staff read them (decision 332); absent: none taken. */
export async function readOrderQuotes(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, { quotes: QuoteView[]; orderedRouteCost: number | null }>> {
  const rows = await findOrderRoutings(db, orderIds);
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        quotes: row.quotes.map((q) => ({
          provider: q.provider,
          amount: q.amountCents === null ? null : centsToDollars(q.amountCents),
          ms: q.ms,
          chosen: q.chosen,
          ...(q.error ? { error: q.error } : {}),
        })),
        orderedRouteCost: row.orderedCostCents === null ? null : centsToDollars(row.orderedCostCents),
      },
    ]),
  );
}
