import { Button, Skeleton } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOrdersCount } from '../api/orders';
import { StatCard, StatFigure } from './stat-card';

export function OrdersCountCard() {
  const count = useOrdersCount();
  return (
    <StatCard
      label="Orders"
      icon={<IconReceipt size={24} />}
      color="grape"
      action={
        <Button component={Link} to="/createOrders" variant="light" color="grape" size="xs" mt="md">
          New order
        </Button>
      }
    >
      {count.isPending ? (
        <Skeleton height={33} width={80} radius="sm" />
      ) : (
        <StatFigure data-testid="orders-count">{(count.data ?? 0).toLocaleString('en-US')}</StatFigure>
      )}
    </StatCard>
  );
}
