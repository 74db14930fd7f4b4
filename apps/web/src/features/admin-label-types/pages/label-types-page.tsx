import { Alert, Button, Group, Paper, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatUsd, type AdminLabelTypesResponse } from '@portal/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { LABEL_TYPE_STATUS_LOOK } from '../../../lib/status-looks';
import { errorMessage } from '../../../lib/notify';
import { useAdminLabelTypes } from '../api/admin-label-types';
import { LabelTypeDialog } from '../components/label-type-dialog';
import { RouteDialog } from '../components/route-dialog';
import { RouteSummary } from '../components/route-summary';

type LabelTypeRow = AdminLabelTypesResponse['labelTypes'][number];

const priceRange = (t: LabelTypeRow) => {
  const prices = t.prices.map((p) => p.price);
  if (prices.length === 0) return '—';
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? formatUsd(low) : `${formatUsd(low)} – ${formatUsd(high)}`;
};

/** `/admin/label-types`: the types resellers buy, their status and default price tiers. */
export function LabelTypesPage() {
  const { data, isPending, error } = useAdminLabelTypes();
  const [editing, setEditing] = useState<LabelTypeRow | null>(null);
  const [opened, setOpened] = useState(false);
  const [routing, setRouting] = useState<LabelTypeRow | null>(null);
  const open = (row: LabelTypeRow | null) => {
    setEditing(row);
    setOpened(true);
  };
  const takenUids = (data?.labelTypes ?? []).map((t) => t.uid);
  const allUsed = data ? data.services.every((s) => takenUids.includes(s.uid)) : true;
  return (
    <>
      <PageHeader
        title="Label Types"
        description="What resellers can buy, the default price tiers and where each is bought. Give one reseller their own prices on their page."
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => open(null)}
            disabled={allUsed}
            title={allUsed ? 'Every carrier service already has a label type' : undefined}
          >
            New label type
          </Button>
        }
      />
      <Stack gap="md">
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Paper withBorder radius="md">
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table striped highlightOnHover verticalSpacing="sm" miw={960} aria-label="Label types">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Service</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    Max weight
                  </Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    Void window
                  </Table.Th>
                  <Table.Th>Prices</Table.Th>
                  <Table.Th ta="right">Orders</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Bought at</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.labelTypes ?? []).map((t) => (
                  <Table.Tr key={t._id} data-testid="label-type-row">
                    <Table.Td fw={600}>{t.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {t.uid}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {t.maxWeight} {t.weightUnit}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {t.voidWindowDays} days
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {priceRange(t)}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {t.prices.length} {t.prices.length === 1 ? 'tier' : 'tiers'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{t.orderCount.toLocaleString('en-US')}</Table.Td>
                    <Table.Td w={110}>
                      <StatusBadge
                        look={LABEL_TYPE_STATUS_LOOK[t.status ? 'enabled' : 'disabled']}
                        status={t.status ? 'enabled' : 'disabled'}
                        pill
                      />
                    </Table.Td>
                    <Table.Td>
                      <RouteSummary route={t.route} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setRouting(t)}
                          aria-label={`Route ${t.name}`}
                        >
                          Route
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => open(t)}
                          aria-label={`Edit ${t.name}`}
                        >
                          Edit
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {isPending && (
            <Text c="dimmed" size="sm" ta="center" py="xl" role="status">
              Loading label types…
            </Text>
          )}
          {!isPending && data?.labelTypes.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              No label types yet. Create the first one.
            </Text>
          )}
        </Paper>
      </Stack>
      <LabelTypeDialog
        editing={editing}
        services={data?.services ?? []}
        takenUids={takenUids}
        opened={opened}
        onClose={() => setOpened(false)}
      />
      <RouteDialog labelType={routing} onClose={() => setRouting(null)} />
    </>
  );
}
