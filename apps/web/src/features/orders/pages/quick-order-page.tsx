import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/quick-order`: replaced by the orders feature when it ships. */
export function QuickOrderPage() {
  return (
    <PagePlaceholder
      title="Fast Order"
      description="Paste both addresses as plain text and buy a label in one step."
    />
  );
}
