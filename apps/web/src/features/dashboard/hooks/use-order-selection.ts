import type { OrderView } from '@portal/shared';
import { useState } from 'react';

/** Orders picked for "Download selected": ids in the order picked, or every order matching the search. */
export function useOrderSelection(pageOrders: OrderView[], search: string) {
  const [ids, setIds] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState<string | null>(null);
  const isAllMatching = allMatching === search && search !== '';

  const isSelected = (id: string) => isAllMatching || ids.includes(id);
  const toggle = (order: OrderView) => {
    setAllMatching(null);
    setIds((current) =>
      current.includes(order._id) ? current.filter((id) => id !== order._id) : [...current, order._id],
    );
  };
  const onPage = pageOrders.filter((o) => isSelected(o._id)).length;
  const pageState = onPage === 0 ? 'none' : onPage === pageOrders.length ? 'all' : 'some';
  const togglePage = () => {
    setAllMatching(null);
    const pageIds = pageOrders.map((o) => o._id);
    setIds((current) =>
      pageState === 'all'
        ? current.filter((id) => !pageIds.includes(id))
        : [...current, ...pageIds.filter((id) => !current.includes(id))],
    );
  };
  const clear = () => {
    setIds([]);
    setAllMatching(null);
  };

  return {
    ids,
    isAllMatching,
    count: ids.length,
    isSelected,
    toggle,
    pageState: pageState as 'none' | 'some' | 'all',
    togglePage,
    selectAllMatching: () => setAllMatching(search),
    clear,
  };
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;
