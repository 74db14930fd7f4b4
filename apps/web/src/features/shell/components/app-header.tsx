import { ActionIcon, Burger, Group, Tooltip } from '@mantine/core';
import type { SessionUser } from '@portal/shared';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { BalancePill } from './balance-pill';
import { UserMenu } from './user-menu';

type AppHeaderProps = {
  user: SessionUser;
  isNavOpen: boolean;
  onToggleNav: () => void;
  isCompact: boolean;
  onToggleCompact: () => void;
};

/** Burger (small screens) or compact toggle (large screens), brand, balance and the user menu. */
export function AppHeader({ user, isNavOpen, onToggleNav, isCompact, onToggleCompact }: AppHeaderProps) {
  const compactLabel = isCompact ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isNavOpen}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Tooltip label={compactLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggleCompact}
            visibleFrom="sm"
            aria-label={compactLabel}
          >
            {isCompact ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Tooltip>
        <Link to="/" aria-label="LabelPort home" style={{ textDecoration: 'none', color: 'inherit' }}>
          <BrandMark size="sm" nameVisibleFrom="xs" />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <BalancePill balance={user.balance} />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
