import { Alert, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { PROVIDER_KIND_NAMES, type ProviderView } from '@portal/shared';
import { IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { IconAction } from '../../../components/icon-action';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { LABEL_TYPE_STATUS_STYLE } from '../../../lib/status-styles';
import { useProviders } from '../../../api/providers';
import { useTestProvider } from '../api/providers';
import { DeleteProviderDialog } from '../components/delete-provider-dialog';
import { CircuitBadge, LastError, ProviderCalls } from '../components/provider-health';
import { ProviderDialog } from '../components/provider-dialog';
import { CodeText } from '../../../components/code-text';
import { AddButton } from '../../../components/add-button';

type TestAnswer = { name: string; ok: boolean; message: string };

/** `/admin/providers`: where real postage is bought, each provider's key hint, mode and health. */
export function ProvidersPage() {
  const { data, isPending, error, refetch } = useProviders();
  const test = useTestProvider();
  const [dialog, setDialog] = useState<{ opened: boolean; editing: ProviderView | null }>({
    opened: false,
    editing: null,
  });
  const [deleting, setDeleting] = useState<ProviderView | null>(null);
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const testing = test.isPending ? test.variables : null;

  const runTest = (provider: ProviderView) => {
    setAnswer(null);
    test.mutate(provider._id, { onSuccess: (result) => setAnswer({ name: provider.name, ...result }) });
  };

  const columns: DataColumn<ProviderView>[] = [
    {
      key: 'name',
      header: 'Provider',
      cell: (p) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm">
              {p.name}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={p.mode === 'live' ? 'grape' : 'orange'}
              tt="none"
              style={{ flexShrink: 0, minWidth: 'max-content' }}
            >
              {p.mode === 'live' ? 'Live' : 'Test'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {PROVIDER_KIND_NAMES[p.kind]} · {p.maxConcurrent} at once
          </Text>
          {p.baseUrl && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {p.baseUrl}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'key',
      header: 'API key',
      noWrap: true,
      cell: (p) => <CodeText aria-label={`Key ending in ${p.credentialHint}`}>…{p.credentialHint}</CodeText>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <Stack gap={4} align="flex-start">
          <StatusBadge
            statusStyle={LABEL_TYPE_STATUS_STYLE[p.enabled ? 'enabled' : 'disabled']}
            status={p.enabled ? 'enabled' : 'disabled'}
            pill
          />
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
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      noWrap: true,
      cell: (p) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlugConnected size={14} />}
            loading={testing === p._id}
            onClick={() => runTest(p)}
            aria-label={`Test connection to ${p.name}`}
          >
            Test
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setDialog({ opened: true, editing: p })}
            aria-label={`Edit ${p.name}`}
          >
            Edit
          </Button>
          <IconAction
            tip="Delete"
            label={`Delete ${p.name}`}
            icon={<IconTrash size={16} />}
            variant="subtle"
            color="red"
            size="md"
            onClick={() => setDeleting(p)}
          />
        </Group>
      ),
    },
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
        {answer && (
          <Alert
            color={answer.ok ? 'teal' : 'red'}
            title={answer.ok ? `${answer.name}: connected` : `${answer.name}: connection failed`}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setAnswer(null)}
            role="status"
          >
            {answer.message}
          </Alert>
        )}
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
