import { webhookListResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryKey } from './webhook-keys';

/** GET /webhooks: the reseller's endpoints (never their secrets). */
export const getWebhooks = async () => webhookListResponse.parse(await api.get('/webhooks'));

export const useWebhooks = () => useQuery(queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks }));
