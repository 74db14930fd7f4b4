/**
 * The orders module's face for the modules that act on orders (refunds, tracking, webhooks, bulk orders):
 * order rows, their views and number format, without the purchase code behind `orders.service.ts`.
 */
export { formatOrderId } from '../purchases/purchases.service.ts';
export { downloadPath, toOrderView } from './order-view.ts';
export { findOrder, findOrderForUser, markCancelled } from './orders.repository.ts';
export {
  withType,
  type NewOrderRow,
  type OrderRow,
  type OrderStatus,
  type OrderWithType,
} from '../purchases/purchases.service.ts';
export { findTrackedOrder, lockTrackingStatus, setTrackingStatus } from './order-tracking.repository.ts';
// The order's tracking timeline: read with the order, added to by the tracking module (decision 356).
export { readTrackingEvents, toTrackingEventView } from './tracking-events.ts';
export { findLatestEventTime, insertNewTrackingEvents } from './tracking-events.repository.ts';
export type { RefundRequestRow } from './refund-requests.repository.ts';
export { refundableUntil, toRefundRequestView } from './refund-request-view.ts';
