import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatUsd, type AdminOrderView } from '@portal/shared';
import { useState } from 'react';
import { ListNote } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage, notifySuccess, notifyWarning } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useAdminOrders, useRefundOrder, useRefundOrders, type OrderFilters } from '../api/admin-orders';
import { OrderDetailsDrawer } from '../components/order-details-drawer';
import { OrderFiltersBar } from '../components/order-filters';
import { isRefundable } from '../components/order-status';
import { OrdersTable } from '../components/orders-table';
import { RefundDialog } from '../components/refund-dialog';

const EMPTY: OrderFilters = {
  search: '',
  status: 'All',
  trackingStatus: '',
  labelType: '',
  from: '',
  to: '',
};
type Refunding = { subject: string; ids: string[] } | null;

/** `/admin/orders`: every reseller's orders, the order's detail, and Refund (one or the selected rows). */
export function OrdersPage() {
  const list = usePagedList(EMPTY, {
    debounce: ['search', 'status', 'trackingStatus', 'labelType', 'from', 'to'],
  });
  const { data, isPending, error } = useAdminOrders(list.query, list.page);
  const [selected, setSelected] = useState<Map<string, AdminOrderView>>(new Map());
  const [openId, setOpenId] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<Refunding>(null);
  const refundOne = useRefundOrder();
  const refundMany = useRefundOrders();
  const orders = data?.orders ?? [];

  const toggle = (order: AdminOrderView) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(order._id)) next.delete(order._id);
      else next.set(order._id, order);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const page = orders.filter(isRefundable);
      const next = new Map(current);
      const isAll = page.every((o) => next.has(o._id));
      for (const o of page) {
        if (isAll) next.delete(o._id);
        else next.set(o._id, o);
      }
      return next;
    });
  const askRefund = (order: AdminOrderView) =>
    setRefunding({ subject: `${order.OrderId} (${formatUsd(order.price)})`, ids: [order._id] });
  const askRefundSelected = () => {
    const chosen = [...selected.values()];
    const total = chosen.reduce((sum, o) => sum + Math.round(o.price * 100), 0) / 100;
    setRefunding({
      subject: `${chosen.length} selected orders (${formatUsd(total)})`,
      ids: chosen.map((o) => o._id),
    });
  };
  const confirmRefund = (reason: string) => {
    if (!refunding) return;
    const done = () => setRefunding(null);
    if (refunding.ids.length === 1 && !selected.has(refunding.ids[0]!)) {
      refundOne.mutate(
        { id: refunding.ids[0]!, reason },
        { onSuccess: (r) => notifySuccess(r.message), onSettled: done },
      );
      return;
    }
    refundMany.mutate(
      { ids: refunding.ids, reason },
      {
        onSuccess: (r) => {
          (r.skipped.length > 0 ? notifyWarning : notifySuccess)(r.message);
          setSelected(new Map());
        },
        onSettled: done,
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every reseller's orders. Open one for its detail, or refund it."
      />
      <Stack gap="md">
        <OrderFiltersBar value={list.filters} onChange={list.replaceFilters} />
        {selected.size > 0 && (
          <Paper withBorder radius="md" p="sm" bg="red.0">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {selected.size} selected
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setSelected(new Map())}>
                  Clear
                </Button>
                <Button size="xs" color="red" onClick={askRefundSelected}>
                  Refund selected
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        {isPending ? (
          <ListNote isLoading>Loading orders…</ListNote>
        ) : orders.length === 0 ? (
          <ListNote>
            {JSON.stringify(list.query) === JSON.stringify(EMPTY)
              ? 'No orders yet.'
              : 'No order matches these filters.'}
          </ListNote>
        ) : (
          <OrdersTable
            orders={orders}
            selected={new Set(selected.keys())}
            onToggle={(id) => toggle(orders.find((o) => o._id === id)!)}
            onTogglePage={togglePage}
            onOpen={setOpenId}
            onRefund={askRefund}
          />
        )}
        {data && (
          <Text size="sm" c="dimmed">
            {data.total.toLocaleString('en-US')} order{data.total === 1 ? '' : 's'}
          </Text>
        )}
        <PageNav {...list.nav} totalPages={data?.totalPages} label="Orders pages" />
      </Stack>
      <OrderDetailsDrawer
        id={openId}
        onClose={() => setOpenId(null)}
        onRefund={(order) => {
          setOpenId(null);
          askRefund(order);
        }}
      />
      <RefundDialog
        subject={refunding?.subject ?? null}
        isRefunding={refundOne.isPending || refundMany.isPending}
        onConfirm={confirmRefund}
        onClose={() => setRefunding(null)}
      />
    </>
  );
}
