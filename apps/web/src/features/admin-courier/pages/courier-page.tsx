import { Modal, Select, Stack, Text } from '@mantine/core';
import { COURIER_STATUSES, type AdminCourierOrderView } from '@portal/shared';
import { useState } from 'react';
import { CourierOrderDetails, courierReference } from '../../../components/courier-order-details';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { notifySuccess } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { useCourierQueue, useMoveCourierOrder, type CourierMove } from '../api/admin-courier';
import { CourierMoveDialog, type PendingMove } from '../components/courier-move-dialog';
import { CourierQueueTable } from '../components/courier-queue-table';
import { FilterBar, SearchInput } from '../../../components/search-input';

const STATUS_OPTIONS = [...COURIER_STATUSES, 'All'].map((s) => ({ value: s, label: s }));
const EMPTY: Record<string, string> = {
  Pending: 'No orders waiting for a quote. All caught up.',
  'In Process': 'No accepted orders waiting for their label.',
};

/** `/admin/courier`: Overnight FedEx orders by status; quote, upload the label (completes it) or cancel. */
export function CourierPage() {
  const list = usePagedList({ status: 'Pending', search: '' }, { debounce: ['search'] });
  const { status } = list.filters;
  const queue = useCourierQueue({ ...list.query, page: list.page });
  const move = useMoveCourierOrder();
  const [pending, setPending] = useState<PendingMove>(null);
  const [viewing, setViewing] = useState<AdminCourierOrderView | null>(null);

  const submit = async (next: CourierMove) => notifySuccess((await move.mutateAsync(next)).message);

  return (
    <>
      <PageHeader
        title="Courier"
        description="Overnight FedEx orders: quote a price, upload the label once the reseller accepts, or cancel with a note."
      />
      <Stack gap="md">
        <FilterBar>
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(next) => list.setFilter('status', next ?? 'Pending')}
          />
          <SearchInput
            label="Search"
            placeholder="Reference, name, city, ZIP"
            value={list.filters.search}
            maxLength={100}
            onChange={(text) => list.setFilter('search', text)}
          />
          {queue.data && (
            <Text size="sm" c="dimmed" pb={8}>
              {queue.data.totalDocs} {queue.data.totalDocs === 1 ? 'order' : 'orders'}
            </Text>
          )}
        </FilterBar>
        <CourierQueueTable
          orders={queue.data?.docs ?? []}
          isPending={queue.isPending}
          error={queue.error}
          emptyText={EMPTY[status] ?? 'No courier orders here.'}
          onView={setViewing}
          onMove={(order, kind) => setPending({ order, kind })}
        />
        <PageNav {...list.nav} totalPages={queue.data?.totalPages} label="Courier order pages" />
      </Stack>
      <CourierMoveDialog
        value={pending}
        isSending={move.isPending}
        onSubmit={submit}
        onClose={() => setPending(null)}
      />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        centered
        size="lg"
        title={viewing ? `Courier order ${courierReference(viewing)} · ${viewing.username}` : ''}
      >
        {viewing && <CourierOrderDetails order={viewing} />}
      </Modal>
    </>
  );
}
