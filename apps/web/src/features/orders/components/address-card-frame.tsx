import { Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AddressSide } from '../lib/order-form-values';

/** The From and To cards (spec section 2): a titled panel around the address inputs. */
export function AddressCardFrame({ side, children }: { side: AddressSide; children: ReactNode }) {
  const Icon = side === 'From' ? IconTruckDelivery : IconMapPin;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={side}>
      <Group gap="sm" mb="md">
        <ThemeIcon
          variant="light"
          radius="md"
          size={34}
          color={side === 'From' ? 'blue' : 'teal'}
          aria-hidden
        >
          <Icon size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {side}
        </Title>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
