import { z } from 'zod';
import { uuidParams } from './ids.ts';
import { trackingEventView } from '../tracking.ts';
import { orderView } from './order-views.ts';

/** Events a webhook endpoint may subscribe to (`test` is sent on demand, to one endpoint). */
export const WEBHOOK_SUBSCRIBABLE_EVENTS = [
  'order.completed',
  'order.cancelled',
  'bulk_order.completed',
  'deposit.completed',
  'deposit.cancelled',
  'courier_order.updated',
  'refund_request.updated',
  'order.tracking_updated',
  /** The provider (or the upstream portal) refused to void an order's label: `refundNote` says why. */
  'order.refund_rejected',
  /** A hosted payment credited the balance (issue 44), or a refund or dispute took it back: the invoice and the new balance. */
  'deposit.credited',
  'deposit.reversed',
  /** A SCAN form was made (decision 328); `data` is the form as `GET /scan-forms` lists it. */
  'scan_form.created',
  /** A carrier pickup was booked or cancelled (decision 329); `data` is the pickup. */
  'pickup.scheduled',
  'pickup.cancelled',
] as const;
export const MAX_WEBHOOK_ENDPOINTS = 5;

const events = z
  .array(z.enum(WEBHOOK_SUBSCRIBABLE_EVENTS, { message: 'Unknown event' }))
  .min(1, 'Choose at least one event')
  .transform((list) => [...new Set(list)]);
const url = z.string().trim().min(1, 'Enter the endpoint URL').max(2000, 'The URL is too long');

export const webhookCreateBody = z.object({ url, events, enabled: z.boolean().default(true) });
export const webhookUpdateBody = z.object({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookCreateBody = z.input<typeof webhookCreateBody>;
export type WebhookUpdateBody = z.input<typeof webhookUpdateBody>;

export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookListResponse = z.object({ endpoints: z.array(webhookEndpointView) });
export const webhookEndpointResponse = z.object({ message: z.string(), endpoint: webhookEndpointView });
/** The signing secret appears only here: on create and on regenerate. */
export const webhookSecretResponse = z.object({
  message: z.string(),
  endpoint: webhookEndpointView,
  secret: z.string(),
});
export const webhookSentResponse = z.object({ message: z.string(), eventId: z.string() });

export const webhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  statusCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliveryView) });
export const webhookDeliveryParams = uuidParams({
  id: 'Webhook endpoint not found',
  deliveryId: 'Delivery not found',
});

/** What `order.tracking_updated` carries in `data` (decision 319). */
export const TRACKING_UPDATED_DESCRIPTION =
  'Sent when an order’s tracking has news: one or more carrier events not seen before. `trackingStatus` ' +
  'may be the same as in the previous message (two scans in transit, say); `newEvents` lists exactly the ' +
  'events this message is about, oldest first, and an event is in the `newEvents` of one message only, never ' +
  'two. `trackingEvents` is the whole timeline so far, as read-order shows it. A retry of a failed delivery ' +
  'repeats the same message with the same `webhook-id`.';

export const trackingUpdatedPayload = z.object({
  id: z.string().describe('The event id, also sent as the webhook-id header'),
  type: z.literal('order.tracking_updated'),
  created: z.string().describe('When the event was made (ISO 8601)'),
  data: orderView.extend({
    trackingEvents: z.array(trackingEventView).describe('The whole timeline so far, oldest first'),
    newEvents: z
      .array(trackingEventView)
      .min(1)
      .describe('The events new in this message, oldest first; each is sent in one message only'),
  }),
});
export type TrackingUpdatedPayload = z.infer<typeof trackingUpdatedPayload>;

/** What `deposit.credited` and `deposit.reversed` carry (issue 44, decision 323). */
export const DEPOSIT_EVENTS_DESCRIPTION =
  'Sent when a deposit paid on a payment provider’s page (card, PayPal, Cash App) moves the balance: ' +
  '`deposit.credited` once the provider captured the payment (or a disputed payment was decided in your ' +
  'favour), `deposit.reversed` when it was refunded or disputed. `balance` is the balance after this move, ' +
  'and may be negative after a dispute: no purchase is accepted until it is above zero again.';

const depositEventData = z.object({
  invoice: z.object({
    _id: z.string(),
    amount: z.number().describe('What the deposit added to the balance, in dollars'),
    payment_method: z.string(),
    status: z.string(),
    note: z.string().describe('The invoice note, such as LP-7K3Q9'),
    reference: z.string().nullable().describe('The provider’s id of the checkout'),
    fee: z.number().nullable().describe('The provider’s fee, in dollars, when it said it'),
  }),
  amount: z.number().describe('The amount moved, in dollars (always positive)'),
  balance: z.number().describe('The balance after this move, in dollars'),
  reason: z.string().optional().describe('Why the deposit was reversed'),
});
export const depositEventPayload = (type: 'deposit.credited' | 'deposit.reversed') =>
  z.object({
    id: z.string().describe('The event id, also sent as the webhook-id header'),
    type: z.literal(type),
    created: z.string().describe('When the event was made (ISO 8601)'),
    data: depositEventData,
  });
