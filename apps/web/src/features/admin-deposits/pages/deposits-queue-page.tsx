import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatUsd, type AdminInvoiceView } from '@portal/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage } from '../../../lib/notify';
import { useAdminInvoices } from '../api/invoices';
import { DecideInvoiceDialog } from '../components/decide-invoice-dialog';
import { InvoiceReceipt } from '../components/invoice-receipt';

type Status = '' | 'pending' | 'completed' | 'cancelled';
type Method = '' | 'cashapp' | 'paypal' | 'stripe' | 'manual';
const METHOD_LABEL: Record<string, string> = { cashapp: 'CashApp', paypal: 'Paypal', stripe: 'Stripe' };
const STATUS_COLOR: Record<string, string> = { pending: 'yellow', completed: 'teal', cancelled: 'gray' };

/** "3 h ago": how long an invoice has waited. */
const age = (iso: string, now = Date.now()) => {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
};

/** `/admin/deposits`: invoices waiting for staff (oldest first), to match to payments and approve or cancel. */
export function DepositsQueuePage() {
  const [status, setStatus] = useState<Status>('pending');
  const [method, setMethod] = useState<Method>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { data, isPending, error } = useAdminInvoices({ status, method, search: debounced, page });
  const [deciding, setDeciding] = useState<{
    invoice: AdminInvoiceView;
    action: 'approve' | 'cancel';
  } | null>(null);
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <>
      <PageHeader
        title="Deposits"
        description="Match each payment to its invoice by the note, then approve or cancel it."
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Status"
            value={status}
            onChange={(v) => filter(setStatus)(v as Status)}
            data={[
              { value: 'pending', label: 'Pending' },
              { value: 'completed', label: 'Completed' },
              { value: 'cancelled', label: 'Cancelled' },
              { value: '', label: 'All' },
            ]}
          />
          <Select
            label="Method"
            w={150}
            value={method}
            onChange={(v) => filter(setMethod)((v ?? '') as Method)}
            data={[
              { value: '', label: 'All methods' },
              { value: 'cashapp', label: 'CashApp' },
              { value: 'paypal', label: 'Paypal' },
              { value: 'stripe', label: 'Stripe' },
              { value: 'manual', label: 'Manual' },
            ]}
            allowDeselect={false}
          />
          <TextInput
            label="Search"
            placeholder="Note (LP-…) or reseller"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => filter(setSearch)(e.currentTarget.value)}
            w={260}
          />
        </Group>
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Paper withBorder radius="md">
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table striped highlightOnHover verticalSpacing="sm" miw={900} aria-label="Invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Reseller</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.invoices ?? []).map((invoice) => (
                  <Table.Tr key={invoice._id} data-testid="admin-invoice-row">
                    <Table.Td
                      style={{ whiteSpace: 'nowrap' }}
                      title={new Date(invoice.createdAt).toLocaleString('en-US')}
                    >
                      {age(invoice.createdAt)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/admin/resellers/${invoice.reseller._id}`}
                        size="sm"
                        fw={600}
                      >
                        {invoice.reseller.discordId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatUsd(invoice.amount)}
                    </Table.Td>
                    <Table.Td>{METHOD_LABEL[invoice.payment_method] ?? 'Manual'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" fw={600}>
                        {invoice.note}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <InvoiceReceipt invoice={invoice} />
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={STATUS_COLOR[invoice.status] ?? 'teal'}
                        variant="light"
                        tt="none"
                        style={{ minWidth: 'max-content' }}
                      >
                        {invoice.status === 'pending'
                          ? 'Pending'
                          : invoice.status === 'cancelled'
                            ? 'Cancelled'
                            : 'Completed'}
                      </Badge>
                      {invoice.decidedBy && (
                        <Text size="xs" c="dimmed" mt={2}>
                          by {invoice.decidedBy}
                          {invoice.cancelReason ? `: ${invoice.cancelReason}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {invoice.status === 'pending' && (
                        <Group gap={6} wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            color="teal"
                            onClick={() => setDeciding({ invoice, action: 'approve' })}
                          >
                            Approve
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setDeciding({ invoice, action: 'cancel' })}
                          >
                            Cancel
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {isPending && (
            <Text c="dimmed" size="sm" ta="center" py="xl" role="status">
              Loading invoices…
            </Text>
          )}
          {!isPending && data?.invoices.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              {status === 'pending' && !debounced && !method
                ? 'No invoices waiting. All caught up.'
                : 'No invoices match.'}
            </Text>
          )}
        </Paper>
        {data && data.totalPages > 1 && (
          <PageNav page={page} totalPages={data.totalPages} onPage={setPage} label="Invoice pages" />
        )}
      </Stack>
      {deciding && <DecideInvoiceDialog {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}
