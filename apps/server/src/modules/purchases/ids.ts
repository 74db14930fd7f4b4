export const ORDER_ID_PREFIX = 'LBL-';
/** The short human OrderId shown beside the UUID, e.g. `LBL-10042`. */
export const formatOrderId = (orderNumber: number): string => `${ORDER_ID_PREFIX}${orderNumber}`;
