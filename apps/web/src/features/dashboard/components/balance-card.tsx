import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';

export function BalanceCard({ balance }: { balance: number }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            Available balance
          </Text>
          <Text
            fz={30}
            fw={700}
            lh={1.1}
            c={balance === 0 ? 'red' : undefined}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatUsd(balance)}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
          <IconWallet size={24} />
        </ThemeIcon>
      </Group>
      <Button component={Link} to="/deposits" variant="light" size="xs" mt="md">
        Add balance
      </Button>
    </Paper>
  );
}
