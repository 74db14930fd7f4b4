import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/amazon-csv`: replaced by the amazon feature when it ships. */
export function AmazonCsvPage() {
  return (
    <PagePlaceholder
      title="Amazon CSV Generator"
      description="Turn an Amazon packing PDF into a ready-to-upload order CSV."
    />
  );
}
