import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { FullPageLoader } from '../../components/full-page-loader';
import { UserMenu } from '../../features/shell/components/user-menu';
import { useSession } from '../../lib/session';
import { ADMIN_PAGES } from './admin-pages';

const NAV_WIDTH = 232;

const isActive = (pathname: string, pagePath: string): boolean => {
  const rest = pathname.replace(/^\/admin\/?/i, '').toLowerCase();
  return pagePath === '' ? rest === '' : rest === pagePath || rest.startsWith(`${pagePath}/`);
};

/** The staff console's shell: its own header and sidebar, apart from the reseller's. */
export function AdminLayout() {
  const { data: user } = useSession();
  const { pathname } = useLocation();
  const [isNavOpen, nav] = useDisclosure(false);
  if (!user) return <FullPageLoader />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: NAV_WIDTH, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Link to="/admin" style={{ textDecoration: 'none', color: 'inherit' }}>
              <BrandMark size="sm" />
            </Link>
            <Badge color="grape" variant="light" visibleFrom="xs">
              Staff console
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button
              component={Link}
              to="/"
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconArrowLeft size={16} />}
              visibleFrom="sm"
            >
              Back to portal
            </Button>
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
          <Stack component="nav" aria-label="Staff" gap={4}>
            {ADMIN_PAGES.map((page) => {
              const Icon = page.icon;
              const active = isActive(pathname, page.path);
              return (
                <NavLink
                  key={page.path}
                  component={Link}
                  to={page.path === '' ? '/admin' : `/admin/${page.path}`}
                  label={page.label}
                  leftSection={<Icon size={20} stroke={1.7} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={nav.close}
                  variant="light"
                  fw={active ? 600 : 500}
                  styles={{ root: { borderRadius: 'var(--mantine-radius-md)', minHeight: 42 } }}
                />
              );
            })}
            <NavLink
              component={Link}
              to="/"
              label="Back to portal"
              leftSection={<IconArrowLeft size={20} stroke={1.7} />}
              hiddenFrom="sm"
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)', minHeight: 42 } }}
            />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <div style={{ maxWidth: 1280, margin: '0 auto' }}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
