/** Query keys of the webhook endpoints and their delivery logs. */
export const webhooksQueryKey = ['account', 'webhooks'] as const;
export const webhookDeliveriesQueryKey = (id: string) => ['account', 'webhooks', id, 'deliveries'] as const;
