import { PageHeader } from '../../../components/page-header';
import { OrderForm } from '../components/order-form';

/** `/quick-order`: the same order, each address pasted as one block of text (spec section 2). */
export function QuickOrderPage() {
  return (
    <>
      <PageHeader
        title="Fast Order"
        description="Paste both addresses as plain text and buy a label in one step."
      />
      <OrderForm mode="quick" />
    </>
  );
}
