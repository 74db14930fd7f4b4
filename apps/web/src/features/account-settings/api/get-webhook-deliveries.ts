import { webhookDeliveriesResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './webhook-keys';

/** GET /webhooks/:id/deliveries: the last 100 deliveries, newest first. */
export const getWebhookDeliveries = async (id: string) =>
  webhookDeliveriesResponse.parse(await api.get(`/webhooks/${id}/deliveries`));

/** Polled while any delivery is still pending, so the log shows outcomes as they come. */
export const useWebhookDeliveries = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: webhookDeliveriesQueryKey(id),
      queryFn: () => getWebhookDeliveries(id),
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
    }),
  );
