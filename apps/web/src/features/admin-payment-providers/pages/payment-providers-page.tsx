import { Button, Stack, Text } from '@mantine/core';
import {
  DEPOSIT_METHOD_LABELS,
  formatUsd,
  PAYMENT_KIND_NAMES,
  type PaymentProviderView,
} from '@portal/shared';
import { useState } from 'react';
import { AddButton } from '../../../components/add-button';
import { ConnectionAnswerAlert, useConnectionTest } from '../../../components/connection-test';
import { actionsColumn, DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import {
  EnabledBadge,
  keyHintColumn,
  ProviderActions,
  providerNameColumn,
} from '../../../components/provider-cells';
import { notifySuccess } from '../../../lib/notify';
import { ReasonDialog } from '../../../components/reason-dialog';
import {
  useDeletePaymentProvider,
  usePaymentProviders,
  useTestPaymentProvider,
} from '../api/payment-providers';
import { PaymentProviderDialog } from '../components/payment-provider-dialog';

const feeText = (p: PaymentProviderView) =>
  p.feeMode === 'absorb'
    ? 'Fee absorbed'
    : `Surcharge ${p.surchargePercent}%${p.surchargeFixed ? ` + ${formatUsd(p.surchargeFixed)}` : ''}`;
const limitText = (p: PaymentProviderView) =>
  [
    p.dailyLimit === null ? null : `${formatUsd(p.dailyLimit)} a day`,
    p.firstWeekLimit === null ? null : `${formatUsd(p.firstWeekLimit)} in the first week`,
  ]
    .filter(Boolean)
    .join(', ') || 'No limits';

/** `/admin/payment-providers`: the companies whose hosted pages take deposits that credit themselves. */
export function PaymentProvidersPage() {
  const { data, isPending, error, refetch } = usePaymentProviders();
  const test = useConnectionTest(useTestPaymentProvider());
  const remove = useDeletePaymentProvider();
  const [editing, setEditing] = useState<{ provider: PaymentProviderView | null } | null>(null);
  const [deleting, setDeleting] = useState<PaymentProviderView | null>(null);

  const runDelete = async (p: PaymentProviderView) => {
    const result = await remove.mutateAsync(p._id);
    notifySuccess(result.message);
    setDeleting(null);
  };

  const columns: DataColumn<PaymentProviderView>[] = [
    providerNameColumn((p) => (
      <>
        <Text size="xs" c="dimmed">
          {PAYMENT_KIND_NAMES[p.kind]} · {p.methods.map((m) => DEPOSIT_METHOD_LABELS[m]).join(', ')}
        </Text>
      </>
    )),
    keyHintColumn('Key'),
    {
      key: 'fees',
      header: 'Fee and limits',
      cell: (p) => (
        <Stack gap={2}>
          <Text size="sm">{feeText(p)}</Text>
          <Text size="xs" c="dimmed">
            {limitText(p)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'webhook',
      header: 'Webhook',
      cell: (p) => (
        <Text size="sm" c={p.webhook ? undefined : 'dimmed'}>
          {p.webhook ? 'Registered' : 'None (checked on return and by the job)'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <EnabledBadge enabled={p.enabled} />,
    },
    actionsColumn((p) => (
      <ProviderActions
        name={p.name}
        testLabel="Test connection"
        testing={test.testing === p._id}
        onTest={() => test.run(p)}
        onEdit={() => setEditing({ provider: p })}
      >
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setDeleting(p)}
          aria-label={`Delete ${p.name}`}
        >
          Delete
        </Button>
      </ProviderActions>
    )),
  ];

  return (
    <>
      <PageHeader
        title="Payment providers"
        description="Card, PayPal and Cash App deposits paid on the company's page credit the balance by themselves."
        actions={<AddButton onClick={() => setEditing({ provider: null })}>Add payment provider</AddButton>}
      />
      <Stack gap="md">
        <ConnectionAnswerAlert answer={test.answer} failedTitle="failed" onDismiss={test.dismiss} />
        <DataTable
          label="Payment providers"
          columns={columns}
          rows={data?.providers}
          rowTestId="payment-provider-row"
          isLoading={isPending}
          error={error}
          onRetry={() => void refetch()}
          minWidth={900}
          empty={
            <>
              <Text fw={600}>No payment providers yet</Text>
              <Text size="sm" c="dimmed" maw={460}>
                Deposits are paid by hand and approved by staff. Add Stripe to take cards that credit at once.
              </Text>
            </>
          }
        />
      </Stack>
      {editing && <PaymentProviderDialog editing={editing.provider} onClose={() => setEditing(null)} />}
      <ReasonDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        reason={null}
        confirmLabel="Delete"
        confirmColor="red"
        cancelLabel="Back"
        isPending={remove.isPending}
        onConfirm={() => (deleting ? runDelete(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Its methods leave the Add balance form and its webhook is removed at the company. One that took
          payments cannot be deleted: disable it instead, so its deposits can still be refunded.
        </Text>
      </ReasonDialog>
    </>
  );
}
