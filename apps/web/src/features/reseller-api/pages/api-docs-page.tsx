import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/api-docs`: replaced by the reseller-api feature when it ships. */
export function ApiDocsPage() {
  return (
    <PagePlaceholder
      title="Reseller API"
      description="Buy labels from your own software with your API key."
    />
  );
}
