import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { roleCan } from '@portal/shared';
import { useTeamRole } from '../../../lib/team-role';
import { activeNavItem, NAV_ITEMS } from '../lib/nav-items';

type SidebarNavProps = { compact: boolean; onNavigate?: () => void };

export function SidebarNav({ compact, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  const active = activeNavItem(pathname);
  const role = useTeamRole();

  return (
    <Stack component="nav" aria-label="Main" gap={4}>
      {NAV_ITEMS.filter((item) => roleCan(role, item.permission)).map((item) => {
        const Icon = item.icon;
        const isActive = item === active;
        const link = (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={compact ? undefined : item.label}
            aria-label={compact ? item.label : undefined}
            leftSection={<Icon size={20} stroke={1.7} />}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            fw={isActive ? 600 : 500}
            styles={{
              root: { borderRadius: 'var(--mantine-radius-md)', minHeight: 42 },
              section: compact ? { marginInlineEnd: 0 } : undefined,
              body: compact ? { display: 'none' } : undefined,
            }}
          />
        );
        return compact ? (
          <Tooltip key={item.path} label={item.label} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </Stack>
  );
}
