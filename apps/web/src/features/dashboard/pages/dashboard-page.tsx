import { SimpleGrid, Stack, Title } from '@mantine/core';
import { NotAvailablePanel } from '../../../components/not-available-panel';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { BalanceCard } from '../components/balance-card';
import { QuickStartCard } from '../components/quick-start-card';

/** `/`: balance and a way into ordering; the order history arrives with the orders feature. */
export function DashboardPage() {
  const { data: user } = useSession();
  return (
    <>
      <PageHeader
        title={user ? `Welcome back, ${user.username}` : 'Dashboard'}
        description="Your balance and orders at a glance."
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <BalanceCard balance={user?.balance ?? 0} />
          <QuickStartCard />
        </SimpleGrid>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Order History
          </Title>
          <NotAvailablePanel feature="Order History" />
        </Stack>
      </Stack>
    </>
  );
}
