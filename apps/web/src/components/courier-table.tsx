import { Group } from '@mantine/core';
import type { CourierOrderView } from '@portal/shared';
import type { ReactNode } from 'react';
import { courierColumns, courierReference, CourierViewButton } from './courier-order-details';
import { DataTable } from './data-table';

type CourierTableProps<T extends CourierOrderView> = Parameters<typeof courierColumns<T>>[0] & {
  orders: T[];
  isPending: boolean;
  error: unknown;
  rowTestId: string;
  empty: string;
  /** The buttons of the order's state, before the eye that opens its details (`ref`: its short reference). */
  actions: (order: T, ref: string) => ReactNode;
  onView: (order: T) => void;
};

/** The courier list of the reseller's Orders tab and of the staff queue: the same columns, each side's actions. */
export function CourierTable<T extends CourierOrderView>({
  orders,
  isPending,
  error,
  rowTestId,
  empty,
  actions,
  onView,
  ...columns
}: CourierTableProps<T>) {
  return (
    <DataTable
      label="Courier orders"
      columns={[
        ...courierColumns<T>(columns),
        {
          key: 'action',
          header: 'Action',
          align: 'right',
          cell: (order) => (
            <Group gap={6} justify="flex-end" wrap="nowrap">
              {actions(order, courierReference(order))}
              <CourierViewButton order={order} onView={() => onView(order)} />
            </Group>
          ),
        },
      ]}
      rows={orders}
      rowTestId={rowTestId}
      rowProps={(order) => ({ 'data-status': order.status })}
      isLoading={isPending}
      error={error}
      minWidth={900}
      highlightOnHover={false}
      empty={empty}
    />
  );
}
