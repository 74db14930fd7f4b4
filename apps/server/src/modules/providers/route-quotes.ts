import { formatCents } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { StoredQuote } from '../../db/schema.ts';
import type { Shipment } from '../../labels/index.ts';
import type { ProviderClient } from '../../labels/providers/upstream/provider-client.ts';
import type { UpstreamQuote } from '../../labels/providers/upstream/upstream-adapter.ts';
import { UpstreamRejectedError } from '../../labels/providers/upstream-provider.ts';
import type { RouteStepRow } from './providers.repository.ts';
import { planRoute, type RoutePlan, type RoutePlanSettings } from './route-plan.ts';
import { saveOrderRouting } from './routings.repository.ts';

/** A route step with the quote it got, if any. */
export type QuotedStep = { step: RouteStepRow; quote: UpstreamQuote | null };

/** Every quote came back above the price minus the floor: the order is cancelled and refunded. */
export class BelowMarginError extends UpstreamRejectedError {}

export type QuotedRoute = {
  plan: RoutePlan<QuotedStep>;
  quotes: StoredQuote[];
  /** The providers that said a definite "no" when asked for a quote. */
  rejected: Set<string>;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Asks every provider of the route for a live quote at once (decision 332): each within its provider's
 * concurrency limit and circuit, each waited for `quoteDeadlineMs` at most; a provider that did not
 * answer in time, failed or refused is left out of this order's plan and says why among the quotes.
 * The quotes are recorded for staff, with what the ordered route would have cost.
 */
export async function quoteRoute(
  ctx: AppContext,
  order: { id: string; priceCents: number },
  shipment: Shipment,
  steps: readonly { step: RouteStepRow; client: ProviderClient }[],
  settings: RoutePlanSettings,
): Promise<QuotedRoute> {
  const deadlineMs = ctx.config.providers.quoteDeadlineMs;
  const answers = await Promise.all(
    steps.map(async ({ step, client }) => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      if (!client.quote)
        return { step, quote: null, ms: 0, error: `${client.name} gives no quotes`, isRejected: false };
      try {
        const quote = await client.quote(
          { shipment, service: step.service, reference: order.id },
          deadlineMs,
        );
        return { step, quote, ms: elapsed(), error: null, isRejected: false };
      } catch (error) {
        const isRejected = error instanceof UpstreamRejectedError;
        return { step, quote: null, ms: elapsed(), error: messageOf(error), isRejected };
      }
    }),
  );
  const plan = planRoute(
    answers.map((a) => ({
      step: { step: a.step, quote: a.quote },
      amountCents: a.quote?.amountCents ?? null,
    })),
    order.priceCents,
    settings,
  );
  const quotes: StoredQuote[] = answers.map((a) => ({
    providerId: a.step.providerId,
    provider: a.step.providerName,
    amountCents: a.quote?.amountCents ?? null,
    ms: a.ms,
    chosen: false,
    ...(a.error ? { error: a.error.slice(0, 300) } : {}),
  }));
  await saveOrderRouting(ctx.db, {
    orderId: order.id,
    mode: settings.mode,
    quotes,
    orderedCostCents: plan.orderedCostCents,
    isBelowMargin: plan.isBelowMargin,
  });
  return {
    plan,
    quotes,
    rejected: new Set(answers.filter((a) => a.isRejected).map((a) => a.step.providerId)),
  };
}

/** Why an order was refused below its margin floor, in staff's words (the reseller reads ours). */
export function belowMarginMessage(quotes: readonly StoredQuote[], priceCents: number, maxCostCents: number) {
  const lowest = Math.min(...quotes.flatMap((q) => (q.amountCents === null ? [] : [q.amountCents])));
  return (
    `Below the margin floor: the lowest quote ${formatCents(lowest)} is above ` +
    `${formatCents(maxCostCents)} (the price ${formatCents(priceCents)} minus the floor)`
  );
}
