import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SessionUser } from '@portal/shared';
import {
  IconChevronDown,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignOut } from '../api/session';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

type UserMenuProps = { user: Pick<SessionUser, 'username' | 'email' | 'discordId' | 'role'> };

/** Username and e-mail in the header; the dropdown holds Account Setting and Sign out (spec section 2). */
export function UserMenu({ user }: UserMenuProps) {
  const signOut = useSignOut();
  const email = user.email ?? 'No e-mail added';

  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        {/* Named by its content plus a hidden "Account menu": a spoken name that matches what is shown. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={10} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={36} aria-hidden>
              {initialsOf(user.username)}
            </Avatar>
            <Stack gap={0} visibleFrom="sm" maw={200}>
              <Text size="sm" fw={600} truncate data-testid="header-username">
                {user.username}
              </Text>
              <Text size="xs" c="dimmed" truncate data-testid="header-email">
                {email}
              </Text>
            </Stack>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <IconChevronDown size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label hiddenFrom="sm">
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.username}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Account Setting
        </Menu.Item>
        {user.role !== 'admin' && (
          <Menu.Item component={Link} to="/team" leftSection={<IconUsersGroup size={16} />}>
            Team
          </Menu.Item>
        )}
        {user.role === 'admin' && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            Admin
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
