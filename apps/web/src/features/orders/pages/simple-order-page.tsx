import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/createOrders`: replaced by the orders feature when it ships. */
export function SimpleOrderPage() {
  return (
    <PagePlaceholder
      title="Simple Order"
      description="Create one label from a form: type, weight and both addresses."
    />
  );
}
