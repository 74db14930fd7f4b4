import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { WEBHOOK_SUBSCRIBABLE_EVENTS } from '@portal/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useCreateWebhook } from '../api/webhooks';

type Props = { opened: boolean; onClose: () => void; onCreated: (secret: string) => void };

/** Add an endpoint: its URL and the events it wants. */
export function WebhookCreateModal({ opened, onClose, onCreated }: Props) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['order.completed', 'order.cancelled']);
  const create = useCreateWebhook();
  const close = () => {
    create.reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await create
      .mutateAsync({ url, events: events as (typeof WEBHOOK_SUBSCRIBABLE_EVENTS)[number][] })
      .catch(() => null);
    if (!result) return;
    setUrl('');
    close();
    onCreated(result.secret);
  };

  return (
    <Modal opened={opened} onClose={close} title="Add webhook endpoint" centered size="lg">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/labelport/webhooks"
            required
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Checkbox.Group label="Events" value={events} onChange={setEvents} required>
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              {WEBHOOK_SUBSCRIBABLE_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={event} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {create.error ? (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={events.length === 0}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
