import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/deposits`: replaced by the deposits feature when it ships. */
export function DepositsPage() {
  return (
    <PagePlaceholder title="Deposits" description="Add funds to your balance by Paypal or CashApp invoice." />
  );
}
