import { AppShell, em, ScrollArea, useMantineTheme } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { AppHeader } from '../../features/shell/components/app-header';
import { SidebarNav } from '../../features/shell/components/sidebar-nav';
import { useSession } from '../../lib/session';
import { JOIN_PATH, pendingInvite } from '../../lib/team-invite';

/** An invitation opened before signing in: once signed in, its join page opens. */
function useJoinAfterSignIn() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const token = pendingInvite();
    if (token && pathname.toLowerCase() !== JOIN_PATH) {
      void navigate(`${JOIN_PATH}?token=${encodeURIComponent(token)}`, { replace: true });
    }
  }, [navigate, pathname]);
}

const NAV_WIDTH = 248;
const COMPACT_NAV_WIDTH = 72;

/**
 * The signed-in shell: header, sidebar (toggled on small screens, compact on large ones), content: the
 * matched child route, or `children` where a page is chosen outside the route tree (the admin gate).
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const { data: user } = useSession();
  useJoinAfterSignIn();
  const [isNavOpen, nav] = useDisclosure(false);
  const [isCompact, setCompact] = useLocalStorage({ key: 'labelport-sidebar-compact', defaultValue: false });
  const theme = useMantineTheme();
  // Compact mode is a large-screen mode; the small-screen drawer always shows the labels.
  const isLargeScreen = useMediaQuery(`(min-width: ${em(theme.breakpoints.sm)})`) ?? false;

  // The session gate only mounts the shell with a user; a later refetch that signs out swaps the app.
  if (!user) return <FullPageLoader />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: { base: NAV_WIDTH, sm: isCompact ? COMPACT_NAV_WIDTH : NAV_WIDTH },
        breakpoint: 'sm',
        collapsed: { mobile: !isNavOpen },
      }}
      padding={{ base: 'md', sm: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <AppHeader
          user={user}
          isNavOpen={isNavOpen}
          onToggleNav={nav.toggle}
          isCompact={isCompact}
          onToggleCompact={() => setCompact((value) => !value)}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" data-compact={isCompact || undefined}>
        <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
          <SidebarNav compact={isCompact && isLargeScreen} onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>{children ?? <Outlet />}</div>
      </AppShell.Main>
    </AppShell>
  );
}
