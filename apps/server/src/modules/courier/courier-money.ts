import { dollarsToCents } from '@portal/shared';

/** The charge for accepting a quote: one per order, whoever asks how often. */
export const chargeKey = (orderId: string) => `courier:${orderId}:charge`;
export const refundKey = (orderId: string) => `courier:${orderId}:refund`;

export const priceCentsOf = (price: number) => dollarsToCents(price);
