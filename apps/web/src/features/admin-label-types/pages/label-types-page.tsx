import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { AdminLabelTypesResponse } from '@portal/shared';
import { Fragment, useState } from 'react';
import { CellLines, DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { LABEL_TYPE_STATUS_STYLE } from '../../../lib/status-styles';
import { priceRange } from '../../../lib/price-range';
import { useAdminLabelTypes } from '../api/admin-label-types';
import { LabelTypeDialog } from '../components/label-type-dialog';
import { RouteDialog } from '../components/route-dialog';
import { RouteSummary } from '../components/route-summary';
import { CodeText } from '../../../components/code-text';
import { AddButton } from '../../../components/add-button';

type LabelTypeRow = AdminLabelTypesResponse['labelTypes'][number];

/** A service uid that may wrap after its underscores (fedex_priority_overnight), copied whole. */
const breakable = (uid: string) =>
  uid.split('_').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          _<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));

type RowActions = { onRoute: (row: LabelTypeRow) => void; onEdit: (row: LabelTypeRow) => void };

const columns = ({ onRoute, onEdit }: RowActions): DataColumn<LabelTypeRow>[] => [
  {
    key: 'name',
    header: 'Name',
    td: () => ({ miw: 160 }),
    cell: (t) => (
      <>
        <Text size="sm" fw={600}>
          {t.name}
        </Text>
        <CodeText size="xs" c="dimmed">
          {breakable(t.uid)}
        </CodeText>
      </>
    ),
  },
  {
    key: 'maxWeight',
    header: 'Max weight',
    align: 'right',
    noWrap: true,
    cell: (t) => `${t.maxWeight} ${t.weightUnit}`,
  },
  {
    key: 'voidWindow',
    header: 'Void window',
    align: 'right',
    noWrap: true,
    cell: (t) => `${t.voidWindowDays} days`,
  },
  {
    key: 'prices',
    header: 'Prices',
    noWrap: true,
    cell: (t) => (
      <CellLines
        main={priceRange(t.prices)}
        sub={`${t.prices.length} ${t.prices.length === 1 ? 'tier' : 'tiers'}`}
      />
    ),
  },
  { key: 'orders', header: 'Orders', align: 'right', cell: (t) => t.orderCount.toLocaleString('en-US') },
  {
    key: 'status',
    header: 'Status',
    width: 110,
    cell: (t) => (
      <StatusBadge
        statusStyle={LABEL_TYPE_STATUS_STYLE[t.status ? 'enabled' : 'disabled']}
        status={t.status ? 'enabled' : 'disabled'}
        pill
      />
    ),
  },
  { key: 'route', header: 'Bought at', cell: (t) => <RouteSummary route={t.route} mode={t.mode} /> },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    cell: (t) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => onRoute(t)} aria-label={`Route ${t.name}`}>
          Route
        </Button>
        <Button size="xs" variant="default" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
          Edit
        </Button>
      </Group>
    ),
  },
];

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
  return (
    <>
      <PageHeader
        title="Label Types"
        description="What resellers can buy, the default price tiers and where each is bought. Give one reseller their own prices on their page."
        actions={
          <AddButton onClick={() => open(null)} disabled={!data}>
            New label type
          </AddButton>
        }
      />
      <Stack gap="md">
        <DataTable
          label="Label types"
          columns={columns({ onRoute: setRouting, onEdit: open })}
          rows={data?.labelTypes}
          rowTestId="label-type-row"
          isLoading={isPending}
          error={error}
          minWidth={880}
          empty="No label types yet. Create the first one."
        />
      </Stack>
      <LabelTypeDialog
        editing={editing}
        services={data?.services ?? []}
        labelTypes={data?.labelTypes ?? []}
        takenUids={takenUids}
        opened={opened}
        onClose={() => setOpened(false)}
      />
      <RouteDialog labelType={routing} onClose={() => setRouting(null)} />
    </>
  );
}
