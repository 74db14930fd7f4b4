import { Button, Group, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCard } from './stat-card';

export function QuickStartCard() {
  return (
    <StatCard
      label="Ship something"
      icon={<IconPackage size={24} />}
      action={
        <Group gap="xs" mt="md">
          <Button component={Link} to="/createOrders" size="xs">
            Simple Order
          </Button>
          <Button component={Link} to="/quick-order" size="xs" variant="default">
            Fast Order
          </Button>
        </Group>
      }
    >
      <Text fw={600} lh={1.3}>
        USPS, UPS and FedEx labels, paid from your balance
      </Text>
    </StatCard>
  );
}
