// A reseller's order use cases each live in their own file, named for what they do (create-orders.ts,
// duplicate-order.ts, read-orders.ts ...); this service hands on what the reseller API calls (decision 299).
export { createOrders, type CreatedOrders } from './create-orders.ts';
export { downloadLabel } from './download-label.ts';
export { readOrders } from './read-orders.ts';
export { quoteOrder } from './quote-order.ts';
export { insertOrderItems } from '../purchases/purchases.service.ts';
export { readOrderExtras } from './order-extras.ts';
export { requireSlipFormat, withPackingSlips, type SlipOutput } from './packing-slips.ts';
export { createReturnLabel, type CreatedReturn } from './create-return.ts';
export { downloadPackingSlip } from './packing-slips.ts';
export { shipmentColumns } from './shipment-columns.ts';
export {
  chooseLabelFile,
  drawnLabelFiles,
  isDrawnFormat,
  labelContentType,
  letterPageOf,
  writeDrawnLabelFiles,
  type AskedLabelFile,
  type LabelRef,
} from './label-files.ts';
export { FILES_PER_READ, startLabelDownload } from './label-download-stream.ts';
export { findOrdersByReference } from './orders.repository.ts';
