import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TeamPermission } from '@portal/shared';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { cannotMessage, useCan, useTeamRole } from '../lib/team-role';

type RoleGateProps = { permission: TeamPermission; children: ReactNode };

/** A page only some roles may open: the others read why, in the server's words, and nothing loads. */
export function RoleGate({ permission, children }: RoleGateProps) {
  const role = useTeamRole();
  if (useCan(permission)) return children;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} data-testid="role-refused">
      <Stack align="center" gap="xs" ta="center" maw={420} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          Not for your role
        </Title>
        <Text c="dimmed" size="sm">
          {cannotMessage(role, permission)}. Ask an owner or admin of your team.
        </Text>
      </Stack>
    </Paper>
  );
}
