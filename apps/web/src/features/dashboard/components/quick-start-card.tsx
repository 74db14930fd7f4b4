import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';

export function QuickStartCard() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            Ship something
          </Text>
          <Text fw={600} lh={1.3}>
            USPS, UPS and FedEx labels, paid from your balance
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconPackage size={24} />
        </ThemeIcon>
      </Group>
      <Group gap="xs" mt="md">
        <Button component={Link} to="/createOrders" size="xs">
          Simple Order
        </Button>
        <Button component={Link} to="/quick-order" size="xs" variant="default">
          Fast Order
        </Button>
      </Group>
    </Paper>
  );
}
