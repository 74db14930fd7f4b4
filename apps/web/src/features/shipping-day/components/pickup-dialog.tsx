import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { formatUsd, type CreatePickupBody, type ShippingDayGroupView } from '@portal/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useCreatePickup, useQuotePickup } from '../../../api/shipping-day';
import { placeLine } from './label-group-card';

export type PickupAsk = { group: ShippingDayGroupView; orderIds: string[] } | null;

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input holds it. */
const localInput = (at: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};
const tomorrowAt = (hour: number) => {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(hour, 0, 0, 0);
  return localInput(at);
};

type PickupDialogProps = { ask: PickupAsk; onClose: () => void; onBooked: (message: string) => void };

/** Schedule pickup: the window and instructions, the carrier's price first, then booked on confirmation. */
export function PickupDialog({ ask, onClose, onBooked }: PickupDialogProps) {
  const [earliest, setEarliest] = useState(() => tomorrowAt(9));
  const [latest, setLatest] = useState(() => tomorrowAt(12));
  const [instructions, setInstructions] = useState('');
  const quote = useQuotePickup();
  const book = useCreatePickup();
  const close = () => {
    quote.reset();
    book.reset();
    onClose();
  };
  if (!ask) return null;
  const { fromAddress } = ask.group;
  const body = (): CreatePickupBody => ({
    orderIds: ask.orderIds,
    address: {
      name: fromAddress.name,
      company: fromAddress.company,
      street: fromAddress.street,
      street2: fromAddress.street2,
      city: fromAddress.city,
      state: fromAddress.state,
      zip: fromAddress.zip,
    },
    minDatetime: new Date(earliest).toISOString(),
    maxDatetime: new Date(latest).toISOString(),
    ...(instructions.trim() ? { instructions: instructions.trim() } : {}),
  });
  const failure = quote.error ?? book.error;
  const changed = () => quote.reset();
  return (
    <Modal opened onClose={close} title="Schedule pickup" size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!quote.data) quote.mutate(body());
          else
            book.mutate(body(), {
              onSuccess: (result) => {
                onBooked(`Pickup scheduled: confirmation ${result.pickup.confirmation}`);
                close();
              },
            });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {ask.orderIds.length === 1 ? '1 package' : `${ask.orderIds.length} packages`} from{' '}
            {fromAddress.name}, {placeLine(fromAddress)}
          </Text>
          <TextInput
            type="datetime-local"
            label="Earliest"
            required
            value={earliest}
            onChange={(event) => {
              setEarliest(event.currentTarget.value);
              changed();
            }}
          />
          <TextInput
            type="datetime-local"
            label="Latest"
            required
            value={latest}
            onChange={(event) => {
              setLatest(event.currentTarget.value);
              changed();
            }}
          />
          <Textarea
            label="Instructions"
            placeholder="Where the carrier finds the parcels"
            maxLength={500}
            value={instructions}
            onChange={(event) => {
              setInstructions(event.currentTarget.value);
              changed();
            }}
          />
          {quote.data && (
            <Text fw={600} role="status">
              Price: {formatUsd(quote.data.price)}
              {quote.data.price === 0 ? ' (free)' : ''}
            </Text>
          )}
          {failure && (
            <Text c="red.8" size="sm" role="alert">
              {errorMessage(failure)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={quote.isPending || book.isPending}>
              {quote.data ? `Confirm pickup (${formatUsd(quote.data.price)})` : 'See price'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
