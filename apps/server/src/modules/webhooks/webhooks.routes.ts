import {
  apiErrorResponse,
  messageResponse,
  uuidParams,
  webhookCreateBody,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookEndpointResponse,
  webhookListResponse,
  webhookSecretResponse,
  webhookSentResponse,
  webhookUpdateBody,
} from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  regenerateSecret,
  resendDelivery,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service.ts';

const tags = ['Webhooks'];
const endpointParams = uuidParams({ id: 'Webhook endpoint not found' });
const errors = { 400: apiErrorResponse, 401: apiErrorResponse, 404: apiErrorResponse };
/** What the OpenAPI document says of each route (the reseller API publishes these under /api/v2). */
const doc = (operationId: string, summary: string) => ({ tags, operationId, summary });
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A reseller's webhook endpoints. The mount chooses who the reseller is: `guard` must set
 * `request.auth` (requireUser for the app under /api/v1/webhooks, the API-key guard under /api/v2/webhooks).
 */
export const webhookRoutes =
  (ctx: AppContext, { guard }: { guard: Guard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', guard);
    const userId = (request: FastifyRequest) => currentUser(request).user.id;

    app.get(
      '',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('listWebhooks', 'Your webhook endpoints'),
          response: { 200: webhookListResponse, ...errors },
        },
      },
      async (request) => ({
        endpoints: await listEndpoints(ctx, userId(request)),
      }),
    );

    app.post(
      '',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('createWebhook', 'Add an endpoint (up to 5); the signing secret is shown once'),
          body: webhookCreateBody,
          response: { 201: webhookSecretResponse, ...errors, 409: apiErrorResponse },
        },
      },
      async (request, reply) => {
        const created = await createEndpoint(ctx, userId(request), request.body);
        return reply.status(201).send({ message: 'Webhook endpoint created', ...created });
      },
    );

    app.patch(
      '/:id',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('updateWebhook', 'Change the URL, events or enabled state of an endpoint'),
          params: endpointParams,
          body: webhookUpdateBody,
          response: { 200: webhookEndpointResponse, ...errors },
        },
      },
      async (request) => ({
        message: 'Webhook endpoint updated',
        endpoint: await updateEndpoint(ctx, userId(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/:id',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('deleteWebhook', 'Delete an endpoint'),
          params: endpointParams,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await deleteEndpoint(ctx, userId(request), request.params.id);
        return { message: 'Webhook endpoint deleted' };
      },
    );

    app.post(
      '/:id/secret',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('regenerateWebhookSecret', 'Issue a new signing secret (shown once)'),
          params: endpointParams,
          response: { 200: webhookSecretResponse, ...errors },
        },
      },
      async (request) => ({
        message: 'Signing secret regenerated',
        ...(await regenerateSecret(ctx, userId(request), request.params.id)),
      }),
    );

    app.post(
      '/:id/test',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('sendWebhookTest', 'Send a test event to an endpoint (with resends, a few a minute)'),
          params: endpointParams,
          response: { 202: webhookSentResponse, ...errors, 429: apiErrorResponse },
        },
      },
      async (request, reply) => {
        const eventId = await sendTestEvent(ctx, userId(request), request.params.id);
        return reply.status(202).send({ message: 'Test event queued', eventId });
      },
    );

    app.get(
      '/:id/deliveries',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('listWebhookDeliveries', 'The last 100 deliveries to an endpoint'),
          params: endpointParams,
          response: { 200: webhookDeliveriesResponse, ...errors },
        },
      },
      async (request) => ({ deliveries: await listDeliveries(ctx, userId(request), request.params.id) }),
    );

    app.post(
      '/:id/deliveries/:deliveryId/resend',
      {
        config: { permission: 'webhooks.manage' },
        schema: {
          ...doc('resendWebhookDelivery', 'Send a delivery again (with test events, a few a minute)'),
          params: webhookDeliveryParams,
          response: { 202: webhookSentResponse, ...errors, 429: apiErrorResponse },
        },
      },
      async (request, reply) => {
        const { id, deliveryId } = request.params;
        const eventId = await resendDelivery(ctx, userId(request), id, deliveryId);
        return reply.status(202).send({ message: 'Delivery queued again', eventId });
      },
    );
  };
