import { useCan } from '../../../lib/team-role';
import { Modal, Stack, Tabs } from '@mantine/core';
import type { CourierOrderView } from '@portal/shared';
import { IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CourierOrderDetails, courierReference } from '../../../components/courier-order-details';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCourierOrders, useDownloadCourierFile, useUpdateCourierStatus } from '../api/courier-orders';
import { CourierOrdersTable } from '../components/courier-orders-table';
import { CreateCourierOrderForm } from '../components/create-courier-order-form';
import { QuoteDecisionDialog, type QuoteDecision } from '../components/quote-decision-dialog';
import { SearchInput } from '../../../components/search-input';

type Tab = 'orders' | 'create';

/** `/fedex-order` (spec section 2): Orders (the default) and Create Order; staff quote, the reseller accepts. */
export function FedexOrderPage() {
  const canBuy = useCan('orders.buy');
  const [tab, setTab] = useState<Tab>('orders');
  const list = usePagedList({ search: '' }, { debounce: ['search'] });
  const { search } = list.query;
  const orders = useCourierOrders(list.page, search);
  const balance = useSession().data?.balance ?? 0;
  const update = useUpdateCourierStatus();
  const download = useDownloadCourierFile();
  const [viewing, setViewing] = useState<CourierOrderView | null>(null);
  const [decision, setDecision] = useState<QuoteDecision>(null);

  const confirmDecision = () => {
    if (!decision || update.isPending) return;
    const status = decision.decision === 'accept' ? 'In Process' : 'Cancelled';
    update.mutate(
      { id: decision.order._id, status },
      {
        onSuccess: (result) => notifySuccess(result.message),
        // Spec section 8: a failed status update is only logged; the list is read again either way.
        onError: (error) => console.error('The courier order status update failed:', errorMessage(error)),
        onSettled: () => setDecision(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Overnight FedEx"
        description="Request an overnight FedEx shipment: our team quotes a price, you accept, and we send the label."
      />
      <Tabs value={tab} onChange={(next) => setTab((next as Tab | null) ?? 'orders')} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="orders" leftSection={<IconList size={16} />}>
            Orders
          </Tabs.Tab>
          {canBuy && (
            <Tabs.Tab value="create" leftSection={<IconPlus size={16} />}>
              Create Order
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="orders">
          <Stack gap="md">
            <SearchInput
              aria-label="Search courier orders"
              placeholder="Search by name, city, ZIP or status"
              value={list.filters.search}
              onChange={(text) => list.setFilter('search', text)}
              maw={{ base: '100%', sm: 360 }}
              maxLength={100}
            />
            <CourierOrdersTable
              orders={orders.data?.docs ?? []}
              isPending={orders.isPending}
              error={orders.error}
              search={search}
              downloadingId={download.isPending ? (download.variables ?? null) : null}
              onView={setViewing}
              onDecide={(order, d) => setDecision({ order, decision: d })}
              onDownload={(order) => download.mutate(order._id)}
            />
            <PageNav {...list.nav} totalPages={orders.data?.totalPages} label="Courier order pages" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="create">
          <CreateCourierOrderForm
            onCreated={() => {
              list.setFilter('search', '');
              setTab('orders');
            }}
          />
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        centered
        size="lg"
        title={viewing ? `Courier order ${courierReference(viewing)}` : ''}
      >
        {viewing && <CourierOrderDetails order={viewing} />}
      </Modal>
      <QuoteDecisionDialog
        value={decision}
        balance={balance}
        isSending={update.isPending}
        onConfirm={confirmDecision}
        onClose={() => setDecision(null)}
      />
    </>
  );
}
