const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else cannot name a row, so it is a 404 rather than a database error. */
export const isUuid = (value: string): boolean => UUID.test(value);

export const ORDER_ID_PREFIX = 'LBL-';
/** The short human OrderId shown beside the UUID, e.g. `LBL-10042`. */
export const formatOrderId = (orderNumber: number): string => `${ORDER_ID_PREFIX}${orderNumber}`;
