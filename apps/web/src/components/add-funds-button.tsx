import { Button, type ButtonProps } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../lib/team-role';

/** The short-by amount in cents, so $10.10 - $10.00 never reads as $0.09. */
export const shortfall = (total: number, balance: number): number =>
  Math.max(0, Math.round(total * 100) - Math.round(balance * 100)) / 100;

/** Shown in place of a pay button when the total is more than the balance: it says so and leads to Deposits. */
export function AddFundsButton({ amount, ...props }: ButtonProps & { amount: number }) {
  // A role that cannot make deposits is not sent to them (issue 45).
  if (!useCan('deposits.write')) return null;
  return (
    <Button component={Link} to="/deposits" color="orange" leftSection={<IconWallet size={18} />} {...props}>
      Add {formatUsd(amount)} to your balance
    </Button>
  );
}
