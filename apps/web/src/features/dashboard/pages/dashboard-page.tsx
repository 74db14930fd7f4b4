import { SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { BalanceCard } from '../components/balance-card';
import { OrderHistory } from '../components/order-history';
import { OrdersCountCard } from '../components/orders-count-card';
import { QuickStartCard } from '../components/quick-start-card';

/** `/`: orders count and balance cards, then the Order History (spec section 2). */
export function DashboardPage() {
  const { data: user } = useSession();
  return (
    <>
      <PageHeader
        title={user ? `Welcome back, ${user.username}` : 'Dashboard'}
        documentTitle="Dashboard"
        description="Your balance and orders at a glance."
      />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <OrdersCountCard />
          <BalanceCard balance={user?.balance ?? 0} />
          <QuickStartCard />
        </SimpleGrid>
        <OrderHistory />
      </Stack>
    </>
  );
}
