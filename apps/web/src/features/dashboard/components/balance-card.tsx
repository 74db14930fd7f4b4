import { Button } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCard, StatFigure } from './stat-card';

export function BalanceCard({ balance }: { balance: number }) {
  return (
    <StatCard
      label="Available balance"
      icon={<IconWallet size={24} />}
      color="teal"
      action={
        <Button component={Link} to="/deposits" variant="light" size="xs" mt="md">
          Add balance
        </Button>
      }
    >
      <StatFigure c={balance === 0 ? 'red' : undefined}>{formatUsd(balance)}</StatFigure>
    </StatCard>
  );
}
