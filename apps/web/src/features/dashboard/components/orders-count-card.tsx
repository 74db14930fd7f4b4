import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOrdersCount } from '../api/orders';

export function OrdersCountCard() {
  const count = useOrdersCount();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            Orders
          </Text>
          {count.isPending ? (
            <Skeleton height={33} width={80} radius="sm" />
          ) : (
            <Text
              fz={30}
              fw={700}
              lh={1.1}
              data-testid="orders-count"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {(count.data ?? 0).toLocaleString('en-US')}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color="grape" aria-hidden>
          <IconReceipt size={24} />
        </ThemeIcon>
      </Group>
      <Button component={Link} to="/createOrders" variant="light" color="grape" size="xs" mt="md">
        New order
      </Button>
    </Paper>
  );
}
