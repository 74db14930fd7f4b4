import type { AppContext } from '../../context.ts';
import { carrierOfShipment, type PurchasedLabel, type Shipment } from '../../labels/index.ts';
import type { ProviderClient } from '../../labels/providers/upstream/provider-client.ts';
import {
  UpstreamNotBoughtError,
  type UpstreamLabelResult,
} from '../../labels/providers/upstream/upstream-adapter.ts';
import { UpstreamUnknownOutcomeError } from '../../labels/providers/upstream/upstream-errors.ts';
import { UpstreamRejectedError } from '../../labels/providers/upstream-provider.ts';
import {
  findPurchasesOf,
  setPurchase,
  startPurchase,
  UNFINISHED_STATES,
  type LabelPurchaseRow,
} from './label-purchases.repository.ts';
import {
  BelowMarginError,
  belowMarginMessage,
  markQuoteChosen,
  needsQuotes,
  quoteRoute,
  type RoutePlanSettings,
  type RouteStepRow,
} from '../providers/providers.service.ts';
import type { StoredQuote } from '../../db/schema.ts';
import type { UpstreamQuote } from '../../labels/providers/upstream/upstream-adapter.ts';

/** A label bought upstream: where, and what it cost us. */
export type BoughtLabel = PurchasedLabel & { providerId: string; costCents: number };

/** Every provider of the route said a definite "no": the order is cancelled and refunded. */
export class RouteExhaustedError extends UpstreamRejectedError {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const toLabel = (client: ProviderClient, label: UpstreamLabelResult, shipment: Shipment): BoughtLabel => ({
  tracking: label.trackingNumber,
  pdf: label.pdf,
  carrier: label.carrier ?? carrierOfShipment(shipment),
  provider: client.name,
  isTestLabel: false,
  providerId: client.id,
  costCents: label.costCents,
});

/** How the route is used for this order (decision 332): its label type's settings and the order's price. */
export type OrderRouting = { settings: RoutePlanSettings; priceCents: number };

/**
 * Buys one order's label along its label type's route, never twice (decision 240):
 * 1. a purchase whose outcome is not known yet (the answer was lost, the label was bought but not stored)
 *    is looked up at its provider before anything else; until the provider says, the order waits;
 * 2. then the route's providers in order (or in the order live quotes give, with a margin floor:
 *    decision 332), each try recorded before the call, the next one only after a definite "not bought"
 *    (a rejection, a 429 waited out too long, a provider cooling down);
 * 3. when every provider rejected the order, `RouteExhaustedError` (cancel and refund); when some only
 *    failed for now, the last error, and the job tries again later.
 */
export async function buyUpstreamLabel(
  ctx: AppContext,
  orderId: string,
  shipment: Shipment,
  route: readonly RouteStepRow[],
  routing?: OrderRouting,
): Promise<BoughtLabel> {
  const purchases = await findPurchasesOf(ctx.db, [orderId]);
  const clients = await ctx.providers.clientsFor([
    ...new Set([...route.map((s) => s.providerId), ...purchases.map((p) => p.providerId)]),
  ]);
  const clientOf = (providerId: string): ProviderClient => {
    const client = clients.get(providerId);
    if (!client) throw new UpstreamNotBoughtError('The provider of this purchase is no longer configured');
    return client;
  };

  const unfinished = purchases.filter((p) => UNFINISHED_STATES.includes(p.state));
  for (const purchase of unfinished) {
    const outcome = await finishUpstreamPurchase(ctx, clientOf(purchase.providerId), purchase, shipment);
    if (outcome.state === 'bought') return outcome.label;
  }
  const finished = unfinished.length > 0 ? await findPurchasesOf(ctx.db, [orderId]) : purchases;

  const byProvider = new Map(finished.map((p) => [p.providerId, p]));
  let steps = route;
  let quoted: { quotes: StoredQuote[]; byProvider: Map<string, UpstreamQuote> } | null = null;
  if (routing && needsQuotes(routing.settings)) {
    const quotable = route.flatMap((step) => {
      const client = clients.get(step.providerId);
      const isRejected = byProvider.get(step.providerId)?.state === 'rejected';
      return client && step.enabled && !isRejected ? [{ step, client }] : [];
    });
    if (quotable.length === 0) throw new RouteExhaustedError('No enabled provider buys this label type');
    const { plan, quotes, rejected } = await quoteRoute(
      ctx,
      { id: orderId, priceCents: routing.priceCents },
      shipment,
      quotable,
      routing.settings,
    );
    if (plan.isBelowMargin)
      throw new BelowMarginError(belowMarginMessage(quotes, routing.priceCents, plan.maxCostCents ?? 0));
    const unrefused = quotable.filter(({ step }) => !rejected.has(step.providerId)).map((q) => q.step);
    const why = () => quotes.map((q) => `${q.provider}: ${q.error ?? 'no quote'}`).join('; ');
    if (plan.steps.length > 0) {
      steps = plan.steps.map((s) => s.step);
      quoted = {
        quotes,
        byProvider: new Map(plan.steps.flatMap((s) => (s.quote ? [[s.step.providerId, s.quote]] : []))),
      };
    } else if (unrefused.length === 0) throw new RouteExhaustedError(why());
    // No quote in time: without a floor the route is tried in order rather than the order waiting;
    // with one, nothing says a label would keep the margin, so it waits like an unavailable provider.
    else if (plan.maxCostCents === null) steps = unrefused;
    else throw new UpstreamNotBoughtError(`No quote came: ${why()}`);
  }
  let lastError: Error | null = null;
  let onlyRejections = true;
  for (const step of steps) {
    const earlier = byProvider.get(step.providerId);
    if (earlier?.state === 'rejected') {
      lastError = new UpstreamRejectedError(`${step.providerName}: ${earlier.error ?? 'rejected'}`);
      continue;
    }
    const client = clients.get(step.providerId);
    if (!client || !step.enabled) continue;
    if (client.circuit === 'open') {
      onlyRejections = false;
      lastError = new UpstreamNotBoughtError(`${client.name} is cooling down after repeated failures`);
      continue;
    }
    const purchase = await startPurchase(ctx.db, {
      orderId,
      providerId: step.providerId,
      service: step.service,
    });
    // Cancelled (refunded) since its job began: nothing is bought for it.
    if (!purchase) throw new UpstreamNotBoughtError('The order was cancelled before its label was bought');
    // The shipment a quote made is this purchase's (recorded before the buying call), and its quoted rate
    // the one bought. A row reaching here holds nothing bought (new, or "not bought"), so it may change.
    const quote = quoted?.byProvider.get(step.providerId);
    if (quote?.upstreamId) {
      await setPurchase(ctx.db, purchase.id, {
        upstreamId: quote.upstreamId,
        quotedRateId: quote.rateId ?? null,
      });
      purchase.upstreamId = quote.upstreamId;
    }
    try {
      const label = await client.purchase({
        shipment,
        service: purchase.service,
        reference: purchase.id,
        upstreamId: purchase.upstreamId,
        startedAt: purchase.createdAt,
        // Kept on the row in hand too: a lookup after an unknown outcome must ask for this upstream id.
        recordUpstreamId: async (upstreamId) => {
          await setPurchase(ctx.db, purchase.id, { upstreamId });
          purchase.upstreamId = upstreamId;
        },
        quoted:
          quote?.upstreamId && quote.rateId
            ? { upstreamId: quote.upstreamId, rateId: quote.rateId }
            : undefined,
      });
      const bought = await recordBought(ctx, client, purchase, label, shipment);
      if (quoted) await markQuoteChosen(ctx.db, orderId, step.providerId, quoted.quotes);
      return bought;
    } catch (error) {
      const message = `${client.name}: ${messageOf(error)}`;
      if (error instanceof UpstreamRejectedError) {
        await setPurchase(ctx.db, purchase.id, { state: 'rejected', error: messageOf(error) });
        lastError = new UpstreamRejectedError(message);
        continue;
      }
      if (error instanceof UpstreamNotBoughtError) {
        await setPurchase(ctx.db, purchase.id, { state: 'not_bought', error: messageOf(error) });
        onlyRejections = false;
        lastError = new UpstreamNotBoughtError(message);
        continue;
      }
      // Unknown outcome: ask the provider at once; fail over only if it says nothing was bought.
      await setPurchase(ctx.db, purchase.id, { state: 'unknown', error: messageOf(error) });
      const outcome = await finishUpstreamPurchase(ctx, client, { ...purchase, state: 'unknown' }, shipment);
      if (outcome.state === 'bought') {
        if (quoted) await markQuoteChosen(ctx.db, orderId, step.providerId, quoted.quotes);
        return outcome.label;
      }
      if (outcome.state === 'rejected') {
        lastError = new UpstreamRejectedError(`${client.name}: ${outcome.reason}`);
        continue;
      }
      onlyRejections = false;
      lastError = new UpstreamNotBoughtError(message);
    }
  }
  if (!lastError) return Promise.reject(new RouteExhaustedError('No enabled provider buys this label type'));
  throw onlyRejections ? new RouteExhaustedError(lastError.message) : lastError;
}

type FinishedPurchase =
  | { state: 'bought'; label: BoughtLabel }
  /** Nothing was bought, and asking again bought nothing either: the provider refused the order. */
  | { state: 'rejected'; reason: string }
  | { state: 'not-bought' };

/**
 * Finishes a purchase whose outcome is not known: the label when the provider holds one, or that
 * nothing was bought; throws (the order waits) while the provider cannot say.
 */
async function finishUpstreamPurchase(
  ctx: AppContext,
  client: ProviderClient,
  purchase: LabelPurchaseRow,
  shipment: Shipment,
): Promise<FinishedPurchase> {
  let outcome;
  try {
    outcome = await client.lookup({
      shipment,
      service: purchase.service,
      reference: purchase.id,
      upstreamId: purchase.upstreamId,
      startedAt: purchase.createdAt,
      recordUpstreamId: (upstreamId) => setPurchase(ctx.db, purchase.id, { upstreamId }),
    });
  } catch (error) {
    // A lookup that asks with our key again (labelport) may be refused outright: nothing was bought.
    if (error instanceof UpstreamRejectedError) {
      await setPurchase(ctx.db, purchase.id, { state: 'rejected', error: messageOf(error) });
      return { state: 'rejected', reason: messageOf(error) };
    }
    await setPurchase(ctx.db, purchase.id, { state: 'unknown', error: messageOf(error) });
    throw new UpstreamUnknownOutcomeError(
      `${client.name}: waiting to learn whether the label was bought (${messageOf(error)})`,
    );
  }
  if (outcome.state === 'bought')
    return { state: 'bought', label: await recordBought(ctx, client, purchase, outcome.label, shipment) };
  if (outcome.state === 'pending') {
    await setPurchase(ctx.db, purchase.id, { state: 'unknown', error: 'label not ready yet' });
    throw new UpstreamUnknownOutcomeError(`${client.name}: the label is not ready yet`);
  }
  await setPurchase(ctx.db, purchase.id, { state: 'not_bought', error: outcome.reason });
  return { state: 'not-bought' };
}

async function recordBought(
  ctx: AppContext,
  client: ProviderClient,
  purchase: LabelPurchaseRow,
  label: UpstreamLabelResult,
  shipment: Shipment,
): Promise<BoughtLabel> {
  await setPurchase(ctx.db, purchase.id, {
    state: 'bought',
    upstreamId: label.upstreamId,
    tracking: label.trackingNumber,
    costCents: label.costCents,
    error: null,
  });
  return toLabel(client, label, shipment);
}
