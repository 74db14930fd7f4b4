import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_SUBSCRIBABLE_EVENTS, webhookCreateBody, type WebhookCreateBody } from '@portal/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/notify';
import { useCreateWebhook } from '../api/webhooks';

type WebhookValues = z.input<typeof webhookCreateBody>;

type Props = { opened: boolean; onClose: () => void; onCreated: (secret: string) => void };

/** Add an endpoint: its URL and the events it wants. */
export function WebhookCreateModal({ opened, onClose, onCreated }: Props) {
  const form = useForm<WebhookValues, unknown, WebhookCreateBody>({
    resolver: zodResolver(webhookCreateBody),
    defaultValues: { url: '', events: ['order.completed', 'order.cancelled'] },
  });
  const create = useCreateWebhook();
  const close = () => {
    create.reset();
    onClose();
  };
  // A refusal shows in the alert below, as the server words it.
  const submit = form.handleSubmit(async (body) => {
    const result = await create.mutateAsync(body).catch(() => null);
    if (!result) return;
    form.setValue('url', '');
    close();
    onCreated(result.secret);
  });
  const events = useWatch({ control: form.control, name: 'events' });

  return (
    <Modal opened={opened} onClose={close} title="Add webhook endpoint" centered size="lg">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/labelport/webhooks"
            required
            {...form.register('url')}
            error={form.formState.errors.url?.message}
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <Checkbox.Group
                label="Events"
                value={field.value}
                onChange={field.onChange}
                error={form.formState.errors.events?.message}
                required
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
                  {WEBHOOK_SUBSCRIBABLE_EVENTS.map((event) => (
                    <Checkbox key={event} value={event} label={event} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
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
