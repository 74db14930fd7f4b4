import { Group, Paper, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The header balance: dollar prefix, 2 decimals (spec section 9); a click leads to Deposits. */
export function BalancePill({ balance }: { balance: number }) {
  return (
    // Named by what it shows plus a hidden "add funds", so the spoken name matches the visible text.
    <UnstyledButton component={Link} to="/deposits">
      <Paper withBorder radius="xl" py={4} pl={5} pr={14} bg="var(--mantine-color-body)">
        <Group gap={8} wrap="nowrap">
          <ThemeIcon size={28} radius="xl" color={balance === 0 ? 'red' : 'teal'} variant="light" aria-hidden>
            <IconWallet size={16} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="10px" c="dimmed" tt="uppercase" fw={600} lh={1.3} visibleFrom="xs">
              Balance
            </Text>
            <Text
              fw={700}
              size="sm"
              lh={1.2}
              data-testid="header-balance"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatUsd(balance)}
            </Text>
            <VisuallyHidden>, add funds</VisuallyHidden>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
