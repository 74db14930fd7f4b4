import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/fedex-order`: replaced by the courier feature when it ships. */
export function FedexOrderPage() {
  return (
    <PagePlaceholder
      title="Overnight FedEx"
      description="Request overnight FedEx shipments handled by our team."
    />
  );
}
