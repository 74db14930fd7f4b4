/**
 * How old an inbound message's own time may be (EasyPost's event, Shippo's signature, a payment
 * company's notice): providers retry failed deliveries for a while, and ids are remembered longer than
 * this, so a replay inside it is refused by its id and one outside it by its age. Standard Webhooks (an
 * upstream LabelPort) signs each attempt's time, and its library allows 5 minutes.
 */
export const INBOUND_WINDOW_MS = 3 * 24 * 3600_000;
/** How long accepted message ids are remembered (housekeeping forgets older ones). */
export const RECEIPT_TTL_MS = 2 * INBOUND_WINDOW_MS;
