import { isUuid } from '@portal/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { INBOUND_WINDOW_MS } from '../../lib/inbound-window.ts';
import { WebhookRejected, type GatewayEvent } from './gateways/index.ts';
import { applyDispute } from './payment-disputes.ts';
import { gatewayOrNull } from './payment-provider-records.ts';
import {
  findInvoiceByCapture,
  findInvoiceByReference,
  findPaymentProvider,
  forgetEvent,
  rememberEvent,
} from './payments.repository.ts';
import { reconcileHostedInvoice } from './reconcile-invoice.ts';

type Headers = Record<string, string | string[] | undefined>;

export type InboundOutcome = { status: number; message: string };

async function applyEvent(ctx: AppContext, providerId: string, event: GatewayEvent): Promise<InboundOutcome> {
  if (event.kind === 'ignored') return { status: 200, message: 'Ignored' };
  if (event.kind === 'payment') {
    const id =
      (event.reference && (await findInvoiceByReference(ctx.db, providerId, event.reference))) ||
      (event.captureId && (await findInvoiceByCapture(ctx.db, providerId, event.captureId))) ||
      null;
    if (!id) return { status: 202, message: 'No deposit of ours has this payment' };
    // The message only says "ask now": the company's own answer decides the invoice.
    const { invoice } = await reconcileHostedInvoice(ctx, id);
    return { status: 200, message: `${invoice.note} is ${invoice.status}` };
  }
  const applied = await applyDispute(ctx, providerId, event);
  return applied
    ? { status: 200, message: applied }
    : { status: 202, message: 'No deposit of ours has this payment' };
}

/**
 * One webhook of a payment company: verified its own way (401 when forged), refused when replayed or
 * older than the inbound window the tracking webhooks also keep (409), then applied by asking the company (decision 323). A message that fails to apply is
 * forgotten, so the company's retry is taken.
 */
export async function receivePaymentWebhook(
  ctx: AppContext,
  options: { providerId: string; rawBody: Buffer; headers: Headers; url: string; now?: Date },
): Promise<InboundOutcome> {
  const provider = isUuid(options.providerId)
    ? await findPaymentProvider(ctx.db, options.providerId)
    : undefined;
  const gateway = provider ? gatewayOrNull(ctx, provider) : null;
  if (!provider || !gateway) throw AppError.notFound('No such webhook');
  let event: GatewayEvent;
  try {
    event = await gateway.verifyWebhook({
      rawBody: options.rawBody,
      headers: options.headers,
      url: options.url,
      secret: provider.webhookSecretSealed ? ctx.sealer.open(provider.webhookSecretSealed) : null,
      webhookId: provider.webhookId,
    });
  } catch (err) {
    if (err instanceof WebhookRejected)
      throw new AppError('UNAUTHORIZED', 'The webhook signature does not match');
    throw err;
  }
  if (event.kind === 'ignored') return { status: 200, message: 'Ignored' };
  const now = (options.now ?? new Date()).getTime();
  if (now - event.createdAt.getTime() > INBOUND_WINDOW_MS)
    throw new AppError('CONFLICT', 'The event is too old to be accepted');
  const source = `payment:${provider.id}`;
  if (!(await rememberEvent(ctx.db, source, event.eventId)))
    throw new AppError('CONFLICT', 'This event was already received');
  try {
    return await applyEvent(ctx, provider.id, event);
  } catch (error) {
    await forgetEvent(ctx.db, source, event.eventId);
    throw error;
  }
}

/** The inbound URLs: no session (the signature is the proof), the raw body kept for it. */
export const paymentInboundRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post<{ Params: { providerId: string } }>(
      '/inbound/:providerId',
      { config: { permission: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const outcome = await receivePaymentWebhook(ctx, {
          providerId: request.params.providerId,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
          url: new URL(request.url, ctx.config.publicUrl ?? `${request.protocol}://${request.host}`).href,
        });
        return reply.status(outcome.status).send({ message: outcome.message });
      },
    );
  };
