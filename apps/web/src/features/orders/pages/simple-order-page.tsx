import { PageHeader } from '../../../components/page-header';
import { OrderForm } from '../components/order-form';

/** `/createOrders` (and `/createorders`): one label from a form (spec section 2). */
export function SimpleOrderPage() {
  return (
    <>
      <PageHeader
        title="Simple Order"
        description="Create a label from a form: type, weight and both addresses."
      />
      <OrderForm mode="simple" />
    </>
  );
}
