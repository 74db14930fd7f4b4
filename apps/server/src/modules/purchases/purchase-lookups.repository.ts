import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labelPurchases } from '../../db/schema.ts';

/**
 * The provider's own id of the label an order bought there (its tracking and its file are asked by it);
 * null: none bought there. A failed or pending attempt at the same provider is not the label.
 */
export async function findPurchaseUpstreamId(
  db: DbOrTx,
  orderId: string,
  providerId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ upstreamId: labelPurchases.upstreamId })
    .from(labelPurchases)
    .where(
      and(
        eq(labelPurchases.orderId, orderId),
        eq(labelPurchases.providerId, providerId),
        eq(labelPurchases.state, 'bought'),
      ),
    );
  return row?.upstreamId ?? null;
}

/** The order a provider's message is about: its bought label there, by the provider's id or tracking number. */
export async function findOrderOfPurchase(
  db: DbOrTx,
  providerId: string,
  match: { upstreamId?: string | null; tracking?: string | null },
): Promise<string | null> {
  const by = [
    ...(match.upstreamId ? [eq(labelPurchases.upstreamId, match.upstreamId)] : []),
    ...(match.tracking ? [eq(labelPurchases.tracking, match.tracking)] : []),
  ];
  if (by.length === 0) return null;
  const [row] = await db
    .select({ orderId: labelPurchases.orderId })
    .from(labelPurchases)
    .where(and(eq(labelPurchases.providerId, providerId), eq(labelPurchases.state, 'bought'), or(...by)))
    .limit(1);
  return row?.orderId ?? null;
}
