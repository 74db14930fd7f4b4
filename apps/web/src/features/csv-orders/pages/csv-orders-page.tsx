import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/csv-orders`: replaced by the csv-orders feature when it ships. */
export function CsvOrdersPage() {
  return <PagePlaceholder title="CSV" description="Upload a CSV file to buy many labels at once." />;
}
