// The reseller's courier actions each live in their own file (create-courier-order.ts,
// answer-courier-quote.ts ...); this face hands them on to the routes and staff actions.
export { answerCourierQuote } from './answer-courier-quote.ts';
export { chargeKey, priceCentsOf, refundKey } from './courier-money.ts';
export { createCourierOrder, searchTextOf } from './create-courier-order.ts';
export { downloadCourierFile } from './download-courier-file.ts';
export { NOT_FOUND_MESSAGE, ownCourierOrder } from './own-courier-order.ts';
export { readCourierOrders } from './read-courier-orders.ts';
