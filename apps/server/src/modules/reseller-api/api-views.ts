import { API_BASE_PATH, type BulkOrderView, type OrderView } from '@portal/shared';

/** The v1 views with their download links pointing at the reseller API, which the key can fetch. */
export const toApiOrderView = (order: OrderView): OrderView => ({
  ...order,
  pdf: order.pdf ? `${API_BASE_PATH}/order/download/${order._id}` : null,
});

export const toApiBulkOrderView = (bulk: BulkOrderView): BulkOrderView => ({
  ...bulk,
  zip: bulk.zip ? `${API_BASE_PATH}/order/download-bulk-order/${bulk._id}` : null,
  pdf: bulk.pdf ? `${API_BASE_PATH}/order/download-bulk-order/${bulk._id}?format=pdf` : null,
});
