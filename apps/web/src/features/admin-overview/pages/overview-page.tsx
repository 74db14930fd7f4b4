import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatUsd } from '@portal/shared';
import { Children, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/notify';
import { useOverview } from '../api/overview';
import { DailyChart } from '../components/daily-chart';
import { MarginsSection } from '../components/margins-section';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" display="flex" style={{ flexDirection: 'column' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* On the figure row's common baseline when a label takes two lines. */}
      <Text fz={28} fw={700} mt="auto" pt={4}>
        {value}
      </Text>
    </Paper>
  );
}

/** The figures in one row on a wide screen, however many the staff member's permissions show (3 to 5). */
function FigureGrid({ children }: { children: ReactNode[] }) {
  const count = Children.toArray(children).length;
  return <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(count, 3), lg: count }}>{children}</SimpleGrid>;
}

/** `/admin`: today's labels and revenue, resellers, the queues waiting for staff, 30 days of activity and margin. */
export function OverviewPage() {
  const { data, isPending, error } = useOverview();
  return (
    <>
      <PageHeader title="Overview" description="How the business is doing today and over the last 30 days." />
      {error && (
        <Alert color="red" mb="lg">
          {errorMessage(error)}
        </Alert>
      )}
      {isPending ? (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={96} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton h={260} radius="lg" />
        </Stack>
      ) : data ? (
        <Stack gap="lg">
          <FigureGrid>
            <Figure label="Labels today" value={data.today.labels.toLocaleString('en-US')} />
            <Figure label="Revenue today" value={formatUsd(data.today.revenue)} />
            <Figure label="Resellers" value={data.resellers.toLocaleString('en-US')} />
            <Figure label="Deposits today" value={formatUsd(data.depositsToday)} />
            {data.depositsPending !== null && (
              <Figure label="Deposits pending" value={String(data.depositsPending)} />
            )}
            {data.courierAwaitingStaff !== null && (
              <Figure label="Courier orders waiting" value={String(data.courierAwaitingStaff)} />
            )}
          </FigureGrid>
          <DailyChart days={data.days} />
          <MarginsSection />
        </Stack>
      ) : null}
    </>
  );
}
