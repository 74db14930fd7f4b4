import { apiErrorResponse } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { sendIdempotent } from '../idempotency/idempotency.service.ts';
import type { ApiPurchase } from './reseller-api.service.ts';

/** What every reseller API route may answer besides its own: the error body on 400, 401, 404 and 429. */
export const apiErrors = {
  400: apiErrorResponse,
  401: apiErrorResponse,
  404: apiErrorResponse,
  429: apiErrorResponse,
};

/** What a purchase may answer besides: 402 (balance), 409 (conflict) and 422 (refused). */
export const purchaseErrors = {
  ...apiErrors,
  402: apiErrorResponse,
  409: apiErrorResponse,
  422: apiErrorResponse,
};

/** What a purchase is handed to write in the idempotency key's transaction. */
type InTransaction<T> = Parameters<Parameters<typeof sendIdempotent<T>>[4]>[0];

/** The API's per-key purchase limit (decision 160), when one is set. */
export type PurchaseLimit = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined;

/** A route that buys: it needs `orders.buy` and counts against the purchase limit. */
export const purchaseRoute = (purchaseLimit: PurchaseLimit) => ({
  config: { permission: 'orders.buy' as const },
  preHandler: purchaseLimit ? [purchaseLimit] : [],
});

/**
 * A purchase answered once per `Idempotency-Key` with 201: `buy` runs for the signed-in reseller, and a
 * retry with the same key and `input` is answered what the first was.
 */
export function sendPurchase<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: unknown,
  buy: (userId: string, inTransaction: InTransaction<T> | undefined) => Promise<T>,
) {
  const userId = currentUser(request).user.id;
  return sendIdempotent(ctx, request, reply, { userId, input, status: 201 }, (inTransaction) =>
    buy(userId, inTransaction),
  );
}

/**
 * A purchase of the body as sent (`create-order`, `create-bulk-order`): `create` buys it for the
 * reseller, strict when `?address_check=strict` asks warnings to refuse it; answered as `sendPurchase`.
 */
export function sendBodyPurchase<B, T>(
  ctx: AppContext,
  request: FastifyRequest & { body: B; query: { address_check?: string | undefined } },
  reply: FastifyReply,
  create: (ctx: AppContext, purchase: ApiPurchase<B, T>) => Promise<T>,
) {
  const isStrict = request.query.address_check === 'strict';
  return sendPurchase(ctx, request, reply, request.body, (userId, inTransaction) =>
    create(ctx, { userId, body: request.body, isStrict, inTransaction }),
  );
}
