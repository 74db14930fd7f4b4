import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { MAX_WEBHOOK_ENDPOINTS } from '@portal/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useWebhooks } from '../api/webhooks';
import { SettingsSection } from './settings-section';
import { WebhookCreateModal } from './webhook-create-modal';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import { WebhookSecretModal } from './webhook-secret-modal';
import { AddButton } from '../../../components/add-button';

/** Webhook endpoints: LabelPort POSTs order, bulk order, deposit and courier events to them. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoints = webhooks.data?.endpoints ?? [];

  return (
    <SettingsSection
      title="Webhooks"
      description="Get order, bulk order, deposit and courier events pushed to your tools as they happen, signed with a secret."
    >
      <Stack gap="sm">
        {webhooks.isPending ? <Skeleton h={96} radius="md" /> : null}
        {webhooks.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(webhooks.error)}
          </Alert>
        ) : null}
        {webhooks.isSuccess && endpoints.length === 0 ? (
          <Text size="sm" c="dimmed">
            No endpoints yet. Add one to receive events instead of polling the API.
          </Text>
        ) : null}
        {endpoints.map((endpoint) => (
          <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
        ))}
      </Stack>
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          {endpoints.length} of {MAX_WEBHOOK_ENDPOINTS} endpoints
        </Text>
        <AddButton
          onClick={() => setCreating(true)}
          disabled={!webhooks.isSuccess || endpoints.length >= MAX_WEBHOOK_ENDPOINTS}
        >
          Add endpoint
        </AddButton>
      </Group>
      <WebhookCreateModal opened={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </SettingsSection>
  );
}
