import { isUuid } from '@portal/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type EasyPostClient from '@easypost/api';
import type { FastifyPluginAsync } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findProvider, type ProviderRow } from '../providers/providers.service.ts';
import { findOrderOfPurchase } from '../purchases/purchases.service.ts';
import { checkVoids } from '../refunds/voids.service.ts';
import {
  easypostEvents,
  labelportEvents,
  shippoEvents,
  type IncomingTrackingEvent,
} from '../../labels/providers/upstream/provider-tracking.ts';
import { postponePoll, rememberReceipt } from './tracking.repository.ts';
import { INBOUND_WINDOW_MS } from '../../lib/inbound-window.ts';
import { applyTrackingEvents } from './tracking.service.ts';

type Json = Record<string, unknown>;
type Headers = Record<string, string | string[] | undefined>;

/** What a verified message says: its id (for replays), its time, the order it is about, the events. */
type Verified =
  | { kind: 'ignored'; reason: string }
  | {
      kind: 'tracking';
      messageId: string;
      time: Date | null;
      match: Match;
      events: IncomingTrackingEvent[];
    }
  /** News of a refund we asked for: the void is decided by asking the provider where it stands. */
  | { kind: 'void'; messageId: string; time: Date | null; match: Match };

type Match = { upstreamId?: string | null; tracking?: string | null };

const header = (headers: Headers, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
const badSignature = () => new AppError('UNAUTHORIZED', 'The webhook signature does not match');
/** Refused as a replayed signature is: a message outside the window, whatever vouches for it. */
const staleMessage = (): never => {
  throw new AppError('UNAUTHORIZED', 'The message is too old (or from the future) to be accepted');
};
const parse = (raw: string): Json => {
  try {
    return JSON.parse(raw) as Json;
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not JSON');
  }
};

/**
 * EasyPost signs the body with HMAC-SHA256 in `X-Hmac-Signature`; its own client checks it, loaded with
 * the first EasyPost message rather than at every start (decision 344).
 */
let easypostClient: Promise<InstanceType<typeof EasyPostClient>> | undefined;
const easypostWebhooks = () =>
  (easypostClient ??= import('@easypost/api').then(
    ({ default: Client }) => new Client('inbound-webhooks-only'),
  ));
async function verifyEasyPost(raw: string, headers: Headers, secret: string): Promise<Verified> {
  const client = await easypostWebhooks();
  let body: Json;
  try {
    body = client.Utils.validateWebhook(Buffer.from(raw), headers as Record<string, string>, secret) as Json;
  } catch {
    throw badSignature();
  }
  const at = new Date(String(body.updated_at ?? body.created_at ?? ''));
  const result = (body.result as Json | undefined) ?? {};
  // A refund's news: EasyPost's `refund.successful` (a Refund naming its shipment), or a shipment's
  // update that carries its `refund_status`.
  const refundOf =
    typeof body.description === 'string' && body.description.startsWith('refund.')
      ? (result.shipment_id as string | undefined)
      : result.object === 'Shipment' && result.refund_status
        ? (result.id as string | undefined)
        : undefined;
  if (refundOf)
    return {
      kind: 'void',
      messageId: String(body.id ?? ''),
      time: Number.isNaN(at.getTime()) ? null : at,
      match: { upstreamId: refundOf },
    };
  if (body.description !== 'tracker.updated')
    return { kind: 'ignored', reason: `${String(body.description)} is not tracking` };
  const tracker = result;
  return {
    kind: 'tracking',
    messageId: String(body.id ?? ''),
    time: Number.isNaN(at.getTime()) ? null : at,
    match: {
      upstreamId: tracker.shipment_id as string | null,
      tracking: tracker.tracking_code as string | null,
    },
    events: easypostEvents(tracker),
  };
}

/**
 * Shippo: `Shippo-Auth-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the secret
 * (Shippo's HMAC option); without it, the secret must come back as the URL's `token` (Shippo's
 * self-generated token, which registration puts in the URL).
 */
export const shippoSignature = (secret: string, timestamp: number, raw: string): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
const sameText = (left: string, right: string) =>
  left.length === right.length && timingSafeEqual(Buffer.from(left), Buffer.from(right));
/**
 * When Shippo last changed what a token-signed message is about: the transaction's `object_updated`, or
 * the track's newest status's (decision 313). A message naming neither cannot show it is fresh.
 */
function ownTimeOf(data: Json): Date | null {
  const status = (data.tracking_status as Json | null | undefined) ?? {};
  for (const value of [data.object_updated, status.object_updated]) {
    const time = typeof value === 'string' ? new Date(value) : null;
    if (time && !Number.isNaN(time.getTime())) return time;
  }
  return null;
}

function verifyShippo(raw: string, headers: Headers, token: string | undefined, secret: string): Verified {
  const signature = header(headers, 'shippo-auth-signature');
  let time: Date | null = null;
  if (signature) {
    const t = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(t) || !sameText(signature.replace(/\s/g, ''), shippoSignature(secret, t, raw)))
      throw badSignature();
    time = new Date(t * 1000);
  } else if (!token || !sameText(token, secret)) throw badSignature();
  const body = parse(raw);
  const messageId = `sha256:${createHmac('sha256', 'shippo')
    .update(signature ?? '')
    .update(raw)
    .digest('hex')}`;
  const data = (body.data as Json | undefined) ?? {};
  const isRefund = body.event === 'transaction_updated' && /^REFUND/i.test(String(data.status ?? ''));
  if (!isRefund && body.event !== 'track_updated')
    return { kind: 'ignored', reason: `${String(body.event)} is not tracking` };
  // A token proves who sent the message, not when: its own time stands in for the signature's.
  if (!signature) time = ownTimeOf(data) ?? staleMessage();
  // A transaction (label) whose refund moved: REFUNDPENDING, REFUNDED, REFUNDREJECTED.
  if (isRefund)
    return { kind: 'void', messageId, time, match: { upstreamId: data.object_id as string | null } };
  const track = data;
  return {
    kind: 'tracking',
    messageId,
    time,
    match: {
      tracking: track.tracking_number as string | null,
      upstreamId: track.transaction as string | null,
    },
    events: shippoEvents(track),
  };
}

/** An upstream LabelPort: our own Standard Webhooks signature (`webhook-id`, `-timestamp`, `-signature`). */
function verifyLabelport(raw: string, headers: Headers, secret: string): Verified {
  let body: Json;
  try {
    body = new Webhook(secret).verify(raw, {
      'webhook-id': header(headers, 'webhook-id') ?? '',
      'webhook-timestamp': header(headers, 'webhook-timestamp') ?? '',
      'webhook-signature': header(headers, 'webhook-signature') ?? '',
    }) as Json;
  } catch {
    throw badSignature();
  }
  const order = (body.data as Json | undefined) ?? {};
  // The upstream ended a refund we asked there: credited us (`order.cancelled`) or refused it.
  if (body.type === 'order.cancelled' || body.type === 'order.refund_rejected')
    return {
      kind: 'void',
      messageId: header(headers, 'webhook-id')!,
      time: null,
      match: { upstreamId: order._id as string | null },
    };
  if (body.type !== 'order.tracking_updated')
    return { kind: 'ignored', reason: `${String(body.type)} is not tracking` };
  return {
    kind: 'tracking',
    messageId: header(headers, 'webhook-id')!,
    time: null,
    match: { upstreamId: order._id as string | null },
    // The whole timeline, not only the events new in this message: an event already stored is dropped by its
    // key, and one we missed (its message came before our purchase was recorded, was answered 202 and is not
    // sent again) is taken from the next message.
    events: labelportEvents(order.trackingEvents ?? order.newEvents),
  };
}

export type InboundOutcome = { status: number; message: string };

/**
 * One inbound webhook of a provider: verified, refused when replayed or stale, then applied: tracking
 * events to the order, or news of a refund, which checks that order's void with the provider at once.
 */
export async function receiveTrackingWebhook(
  ctx: AppContext,
  options: { providerId: string; raw: string; headers: Headers; token?: string; now?: Date },
): Promise<InboundOutcome> {
  const provider: ProviderRow | null = isUuid(options.providerId)
    ? await findProvider(ctx.db, options.providerId)
    : null;
  if (!provider?.webhookSecretSealed) throw AppError.notFound('No such webhook');
  const secret = ctx.sealer.open(provider.webhookSecretSealed);
  const verified =
    provider.kind === 'easypost'
      ? await verifyEasyPost(options.raw, options.headers, secret)
      : provider.kind === 'shippo'
        ? verifyShippo(options.raw, options.headers, options.token, secret)
        : verifyLabelport(options.raw, options.headers, secret);
  if (verified.kind === 'ignored') return { status: 200, message: `Ignored: ${verified.reason}` };
  if (!verified.messageId) throw new AppError('BAD_REQUEST', 'The message has no id');
  const now = (options.now ?? new Date()).getTime();
  if (verified.time && Math.abs(now - verified.time.getTime()) > INBOUND_WINDOW_MS) staleMessage();
  const orderId = await findOrderOfPurchase(ctx.db, provider.id, verified.match);
  // Not ours (or not bought here): accepted so the provider stops sending it, and not remembered.
  if (!orderId) return { status: 202, message: 'No order of ours has this shipment' };
  if (verified.kind === 'void') {
    if (!(await ctx.db.transaction((tx) => rememberReceipt(tx, provider.id, verified.messageId))))
      throw new AppError('CONFLICT', 'This message was already received');
    // The message only says "ask now": the provider's own answer decides the void (credited once).
    const checked = await checkVoids(ctx, { orderIds: [orderId] });
    return {
      status: 200,
      message: checked.checked > 0 ? 'The refund was checked with the provider' : 'No refund in flight',
    };
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await rememberReceipt(tx, provider.id, verified.messageId)))
      throw new AppError('CONFLICT', 'This message was already received');
    const applied = await applyTrackingEvents(
      ctx,
      { orderId, source: provider.kind, events: verified.events },
      tx,
    );
    if (applied.added > 0) await postponePoll(tx, orderId);
    return {
      status: 200,
      message: `${applied.added} new event(s); tracking status ${applied.status ?? 'none'}`,
    };
  });
}

/**
 * The inbound URLs, POST /api/v1/tracking/inbound/{providerId} (`inboundPath`, registered at the provider by
 * the providers module): no session or key (the signature is the proof), the raw body kept for it.
 */
export const trackingInboundRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.post<{ Params: { providerId: string }; Querystring: { token?: string } }>(
      '/inbound/:providerId',
      { config: { permission: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const outcome = await receiveTrackingWebhook(ctx, {
          providerId: request.params.providerId,
          raw,
          headers: request.headers,
          token: request.query.token,
        });
        return reply.status(outcome.status).send({ message: outcome.message });
      },
    );
  };
