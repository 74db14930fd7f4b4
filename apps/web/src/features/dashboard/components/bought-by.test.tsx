import { screen, within } from '@testing-library/react';
import type { OrderView } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../testing/render';
import { orderFixture } from '../../../testing/order-fixtures';
import { useOrderSelection } from '../hooks/use-order-selection';
import { OrderTable } from './order-table';

function History({ orders }: { orders: OrderView[] }) {
  const selection = useOrderSelection(orders, '');
  return <OrderTable orders={orders} actions={() => null} onOpen={() => undefined} selection={selection} />;
}

describe('who bought an order (issue 45)', () => {
  it('says "bought by" a member in the history, and nothing for the account’s own orders', () => {
    renderWithRouter(
      <History
        orders={[
          orderFixture(1, { createdBy: { _id: 'member-1', username: 'packer' } }),
          orderFixture(2, { createdBy: { _id: 'me', username: 'Demo Reseller' } }),
        ]}
      />,
    );
    const [bought, own] = screen.getAllByTestId('order-row');
    expect(within(bought!).getByTestId('bought-by')).toHaveTextContent('bought by packer');
    expect(within(own!).queryByTestId('bought-by')).not.toBeInTheDocument();
  });
});
