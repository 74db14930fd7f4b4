import { Stack, Text } from '@mantine/core';
import { PROVIDER_KIND_NAMES, type ProviderView } from '@portal/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { actionsColumn, DataTable, type DataColumn } from '../../../components/data-table';
import { IconAction } from '../../../components/icon-action';
import { PageHeader } from '../../../components/page-header';
import { ConnectionAnswerAlert, useConnectionTest } from '../../../components/connection-test';
import {
  EnabledBadge,
  keyHintColumn,
  ProviderActions,
  providerNameColumn,
} from '../../../components/provider-cells';
import { useProviders } from '../../../api/providers';
import { useTestProvider } from '../api/providers';
import { DeleteProviderDialog } from '../components/delete-provider-dialog';
import { CircuitBadge, LastError, ProviderCalls } from '../components/provider-health';
import { ProviderDialog } from '../components/provider-dialog';
import { AddButton } from '../../../components/add-button';

/** `/admin/providers`: where real postage is bought, each provider's key hint, mode and health. */
export function ProvidersPage() {
  const { data, isPending, error, refetch } = useProviders();
  const test = useConnectionTest(useTestProvider());
  const [dialog, setDialog] = useState<{ opened: boolean; editing: ProviderView | null }>({
    opened: false,
    editing: null,
  });
  const [deleting, setDeleting] = useState<ProviderView | null>(null);

  const columns: DataColumn<ProviderView>[] = [
    providerNameColumn((p) => (
      <>
        <Text size="xs" c="dimmed">
          {PROVIDER_KIND_NAMES[p.kind]} · {p.maxConcurrent} at once
        </Text>
        {p.baseUrl && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {p.baseUrl}
          </Text>
        )}
      </>
    )),
    keyHintColumn('API key'),
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <Stack gap={4} align="flex-start">
          <EnabledBadge enabled={p.enabled} />
          <CircuitBadge state={p.health.circuit} />
        </Stack>
      ),
    },
    { key: 'health', header: 'Last hour', cell: (p) => <ProviderCalls health={p.health} /> },
    { key: 'error', header: 'Last error', cell: (p) => <LastError error={p.health.lastError} /> },
    {
      key: 'routes',
      header: 'Used by',
      cell: (p) =>
        p.labelTypes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No route
          </Text>
        ) : (
          <Text size="sm">{p.labelTypes.map((t) => t.name).join(', ')}</Text>
        ),
    },
    actionsColumn((p) => (
      <ProviderActions
        name={p.name}
        testLabel="Test"
        testing={test.testing === p._id}
        onTest={() => test.run(p)}
        onEdit={() => setDialog({ opened: true, editing: p })}
      >
        <IconAction
          tip="Delete"
          label={`Delete ${p.name}`}
          icon={<IconTrash size={16} />}
          variant="subtle"
          color="red"
          size="md"
          onClick={() => setDeleting(p)}
        />
      </ProviderActions>
    )),
  ];

  return (
    <>
      <PageHeader
        title="Providers"
        description="Where real postage is bought. A label type with no route makes test labels."
        actions={
          <AddButton onClick={() => setDialog({ opened: true, editing: null })}>Add provider</AddButton>
        }
      />
      <Stack gap="md">
        <ConnectionAnswerAlert
          answer={test.answer}
          failedTitle="connection failed"
          onDismiss={test.dismiss}
        />
        <DataTable
          label="Providers"
          columns={columns}
          rows={data}
          rowTestId="provider-row"
          isLoading={isPending}
          error={error}
          onRetry={() => void refetch()}
          minWidth={940}
          empty={
            <>
              <Text fw={600}>No providers yet</Text>
              <Text size="sm" c="dimmed" maw={460}>
                Every label type is made in test mode. Add another LabelPort portal, EasyPost or Shippo, then
                route label types to it on the Label Types page.
              </Text>
            </>
          }
        />
      </Stack>
      <ProviderDialog
        opened={dialog.opened}
        editing={dialog.editing}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
      <DeleteProviderDialog provider={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
