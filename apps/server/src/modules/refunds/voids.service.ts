import type { AppContext } from '../../context.ts';
import { RESELLER_REASONS } from '../../labels/providers/reseller-reasons.ts';
import type { Tx } from '../../db/client.ts';
import { REFUND_VOIDS_QUEUE } from '../../jobs/queues.ts';
import type { ProviderClient } from '../../labels/providers/upstream/provider-client.ts';
import type { UpstreamVoid, UpstreamVoidRequest } from '../../labels/providers/upstream/upstream-adapter.ts';
import { findOrder, formatOrderId, toOrderView } from '../orders/order-records.service.ts';
import { findPurchaseUpstreamId } from '../purchases/purchases.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { mailRefunded, mailVoidRejected } from './refund-mail.ts';
import { settleRefund } from './refund-settle.ts';
import {
  FIRST_VOID_CHECK_MS,
  findDueVoids,
  markVoidRejected,
  markVoidSubmitted,
  postponeVoidCheck,
} from './voids.repository.ts';

/** Where a void stands after we asked or checked (decision 280). */
export type VoidOutcome =
  | { state: 'refunded'; balanceCents: number }
  | { state: 'submitted' }
  | { state: 'requested' }
  | { state: 'rejected'; note: string };

/** A job of the refund-voids queue: the schedule's sweep (no order), or one void's own check. */
export type VoidCheckJobData = { orderId?: string };

/**
 * With `REFUND_VOID_CHECK_SECONDS` under the 5-minute schedule, a void's next check is a job of its own
 * at its time (decision 303); otherwise the schedule's sweep finds it, as before.
 */
async function scheduleVoidCheck(ctx: AppContext, orderId: string, at: Date | null): Promise<void> {
  if (!at || ctx.config.refunds.voidCheckMs >= FIRST_VOID_CHECK_MS) return;
  await ctx.jobs.sendInTransaction<VoidCheckJobData>(ctx.db, REFUND_VOIDS_QUEUE, [{ orderId }], {
    startAfter: at,
  });
}

type VoidTarget = { orderId: string; providerId: string; upstreamId: string; reason: string };

async function clientOf(ctx: AppContext, providerId: string) {
  const client = (await ctx.providers.clientsFor([providerId])).get(providerId);
  if (!client) throw new Error(`provider ${providerId} is gone`);
  return client;
}

/**
 * Asks the provider for the void. A refusal is checked against where the void stands there: a void asked
 * twice at once (a poll racing a webhook) or whose first answer was lost is refused as "already asked",
 * and that is no rejection.
 */
async function askVoid(client: ProviderClient, request: UpstreamVoidRequest): Promise<UpstreamVoid> {
  const answer = await client.voidLabel(request);
  if (answer.state !== 'rejected') return answer;
  const standing = await client.voidStatus(request).catch(() => null);
  return standing?.state === 'submitted' || standing?.state === 'refunded' ? standing : answer;
}

/** Asks the order's provider to void its label (the claim is made), then acts on the answer. */
export async function askProviderToVoid(ctx: AppContext, target: VoidTarget): Promise<VoidOutcome> {
  let answer: UpstreamVoid;
  try {
    const client = await clientOf(ctx, target.providerId);
    answer = await askVoid(client, { upstreamId: target.upstreamId, voidId: null, reason: target.reason });
  } catch (err) {
    // The answer is not known: the poller asks the provider where the void stands, then asks again.
    ctx.log.warn({ err, orderId: target.orderId }, 'asking for a void failed; the poller will ask again');
    await scheduleVoidCheck(ctx, target.orderId, new Date(Date.now() + ctx.config.refunds.voidCheckMs));
    return { state: 'requested' };
  }
  return applyVoidAnswer(ctx, target.orderId, answer, 0);
}

/** Acts on a provider's answer about an order's void: credit once, keep waiting, or reject. */
export async function applyVoidAnswer(
  ctx: AppContext,
  orderId: string,
  answer: UpstreamVoid,
  checks: number,
): Promise<VoidOutcome> {
  switch (answer.state) {
    case 'refunded': {
      const credited = await creditRefund(ctx, orderId);
      return { state: 'refunded', balanceCents: credited?.balanceCents ?? 0 };
    }
    case 'rejected':
      await rejectVoid(ctx, orderId, answer.reason);
      return { state: 'rejected', note: answer.reason };
    case 'submitted': {
      const at = await markVoidSubmitted(ctx.db, {
        orderId,
        checks,
        firstCheckMs: ctx.config.refunds.voidCheckMs,
        ...(answer.voidId ? { voidId: answer.voidId } : {}),
      });
      await scheduleVoidCheck(ctx, orderId, at);
      return { state: 'submitted' };
    }
    case 'none': {
      const at = await postponeVoidCheck(ctx.db, {
        orderId,
        checks,
        firstCheckMs: ctx.config.refunds.voidCheckMs,
      });
      await scheduleVoidCheck(ctx, orderId, at);
      return { state: 'requested' };
    }
  }
}

/**
 * The provider confirmed the void: in one transaction one `refund` entry keyed by the order is posted
 * (the same key every refund path uses, so a confirmation delivered twice, a poll and a webhook at
 * once, or a staff refund racing it credit once), the order is cancelled and its refund marked done,
 * a request is closed, `order.cancelled` is sent; the reseller is mailed after. Null when it was
 * already credited.
 */
export async function creditRefund(ctx: AppContext, orderId: string) {
  const credited = await ctx.db.transaction(async (tx: Tx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.status !== 'completed') return null;
    const reason = order.refundReason ?? 'Label voided';
    const settled = await settleRefund(ctx, tx, order, {
      reason,
      from: ['completed'],
      decidedBy: order.refundAskedBy,
    });
    if (!settled.credited) return null;
    // Posted but the order moved meanwhile: roll the entry back with the rest.
    if (!settled.cancelled)
      throw new Error(`order ${formatOrderId(order.orderNumber)} changed while its refund was credited`);
    return { order: settled.order, reason, balanceCents: settled.balanceCents };
  });
  if (credited)
    await mailRefunded(ctx, {
      userId: credited.order.userId,
      orderId: formatOrderId(credited.order.orderNumber),
      refundCents: credited.order.priceCents,
      balanceCents: credited.balanceCents,
      reason: credited.reason,
    });
  return credited;
}

/**
 * The provider refused the void: the order stays completed and its balance untouched; the reseller
 * gets `order.refund_rejected` and a mail with a plain reason, staff the provider's words in the order's
 * provider note (decision 314). A later refund may try again.
 */
export async function rejectVoid(ctx: AppContext, orderId: string, note: string): Promise<boolean> {
  const rejected = await ctx.db.transaction(async (tx: Tx) => {
    const row = await markVoidRejected(tx, {
      orderId,
      note: RESELLER_REASONS.voidRefused,
      providerNote: note,
    });
    if (!row) return null;
    const order = (await findOrder(tx, orderId))!;
    await emitWebhookEvent(ctx, tx, {
      userId: order.userId,
      type: 'order.refund_rejected',
      data: toOrderView(order),
    });
    return order;
  });
  if (!rejected) return false;
  await mailVoidRejected(ctx, {
    userId: rejected.userId,
    orderId: formatOrderId(rejected.orderNumber),
    reason: RESELLER_REASONS.voidRefused,
  });
  return true;
}

/**
 * The refund poller (decision 280): asks each provider where the voids it holds stand, oldest due first,
 * and acts on the answers; a void never asked (its first answer lost) is asked again. `orderIds` checks
 * those orders now whatever their schedule (an inbound webhook said something changed), or only when
 * due with `isDue` (one void's own scheduled check).
 */
export async function checkVoids(
  ctx: AppContext,
  options: { now?: Date; limit?: number; orderIds?: string[]; isDue?: boolean } = {},
): Promise<{ checked: number; refunded: number; rejected: number }> {
  const due = await findDueVoids(ctx.db, {
    now: options.now ?? new Date(),
    limit: options.limit ?? 100,
    ...(options.orderIds ? { orderIds: options.orderIds } : {}),
    ...(options.isDue ? { isDue: true } : {}),
  });
  const tally = { checked: 0, refunded: 0, rejected: 0 };
  for (const order of due) {
    if (!order.providerId) continue;
    const upstreamId = await findPurchaseUpstreamId(ctx.db, order.id, order.providerId);
    if (!upstreamId) continue;
    const checks = order.voidChecks + 1;
    const request: UpstreamVoidRequest = {
      upstreamId,
      voidId: order.voidUpstreamId,
      ...(order.refundReason ? { reason: order.refundReason } : {}),
    };
    let answer: UpstreamVoid;
    try {
      const client = await clientOf(ctx, order.providerId);
      answer = await client.voidStatus(request);
      if (answer.state === 'none') answer = await askVoid(client, request);
    } catch (err) {
      ctx.log.warn({ err, orderId: order.id }, 'checking a void failed; asking again later');
      const at = await postponeVoidCheck(ctx.db, {
        orderId: order.id,
        checks,
        firstCheckMs: ctx.config.refunds.voidCheckMs,
      });
      await scheduleVoidCheck(ctx, order.id, at);
      continue;
    }
    tally.checked++;
    const outcome = await applyVoidAnswer(ctx, order.id, answer, checks);
    if (outcome.state === 'refunded') tally.refunded++;
    if (outcome.state === 'rejected') tally.rejected++;
  }
  return tally;
}
