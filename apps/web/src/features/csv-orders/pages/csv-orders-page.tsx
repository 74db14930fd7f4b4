import { useCan } from '../../../lib/team-role';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { BulkOrdersSection } from '../components/bulk-orders-section';
import { CsvUploadCard } from '../components/csv-upload-card';

/** `/csv-orders`: buy many labels from one CSV file, then follow and download them. */
export function CsvOrdersPage() {
  const canBuy = useCan('orders.buy');
  return (
    <>
      <PageHeader title="CSV" description="Upload a CSV file to buy many labels at once." />
      <Stack gap="xl">
        {canBuy && <CsvUploadCard />}
        <BulkOrdersSection />
      </Stack>
    </>
  );
}
