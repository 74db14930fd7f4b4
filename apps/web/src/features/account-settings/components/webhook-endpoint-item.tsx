import { Badge, Button, Collapse, Group, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import type { WebhookEndpointView } from '@portal/shared';
import { IconKey, IconList, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  useDeleteWebhook,
  useRegenerateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
} from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { ActionButton } from '../../../components/action-button';

type Props = { endpoint: WebhookEndpointView; onSecret: (secret: string) => void };

/** One endpoint: its URL and events, on/off, test, new secret, delete, and its delivery log. */
export function WebhookEndpointItem({ endpoint, onSecret }: Props) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'secret' | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const regenerate = useRegenerateWebhookSecret();
  const sendTest = useSendWebhookTest();
  const confirm = async () => {
    if (confirming === 'delete') await remove.mutateAsync(endpoint.id).catch(notifyError);
    else {
      const result = await regenerate.mutateAsync(endpoint.id).catch(notifyError);
      if (result) onSecret(result.secret);
    }
    setConfirming(null);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Switch
            checked={endpoint.enabled}
            onChange={(e) =>
              update.mutate({ id: endpoint.id, enabled: e.currentTarget.checked }, { onError: notifyError })
            }
            label={endpoint.enabled ? 'Enabled' : 'Disabled'}
            aria-label={`Enable ${endpoint.url}`}
          />
        </Group>
        {endpoint.disabledReason ? (
          <Text size="xs" c="red">
            Disabled automatically: {endpoint.disabledReason.toLowerCase()}. Fix the endpoint, then enable it.
          </Text>
        ) : null}
        <Group gap={6}>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="default" tt="none" fw={500}>
              {event}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" mt={4}>
          <ActionButton
            variant="light"
            icon={IconSend}
            loading={sendTest.isPending}
            disabled={!endpoint.enabled}
            onClick={() =>
              sendTest.mutate(endpoint.id, {
                onSuccess: (r) => {
                  notifySuccess(r.message);
                  setShowLog(true);
                },
                onError: notifyError,
              })
            }
          >
            Send test event
          </ActionButton>
          <ActionButton
            variant="default"
            icon={IconList}
            onClick={() => setShowLog((v) => !v)}
            aria-expanded={showLog}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </ActionButton>
          <ActionButton variant="default" icon={IconKey} onClick={() => setConfirming('secret')}>
            New secret
          </ActionButton>
          <ActionButton variant="subtle" color="red" icon={IconTrash} onClick={() => setConfirming('delete')}>
            Delete
          </ActionButton>
        </Group>
        <Collapse expanded={showLog}>
          {showLog ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
        </Collapse>
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'delete' ? 'Delete this endpoint?' : 'Regenerate the signing secret?'}
        centered
      >
        <Stack>
          <Text size="sm">
            {confirming === 'delete'
              ? 'No more events are sent to it and its delivery log is deleted.'
              : 'Events are signed with the new secret at once; your receiver fails to verify them until you give it the new one.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color={confirming === 'delete' ? 'red' : 'orange'}
              loading={remove.isPending || regenerate.isPending}
              onClick={() => void confirm()}
            >
              {confirming === 'delete' ? 'Delete' : 'Regenerate'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
