import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatUsd, type MarginsResponse } from '@portal/shared';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { errorMessage } from '../../../lib/notify';
import { MARGIN_DAYS, useDownloadMarginReport, useMargins } from '../api/overview';
import { fillDays, totals } from '../lib/margin-days';
import { MarginChart } from './margin-chart';

/** A row of margin figures: a label type's or a provider's. */
type MarginRow = Pick<
  MarginsResponse['byLabelType'][number],
  'name' | 'labels' | 'revenue' | 'cost' | 'margin' | 'belowCost'
>;

const money = (value: number) => (
  <Text span inherit c={value < 0 ? 'red.8' : undefined} fw={value < 0 ? 700 : undefined}>
    {formatUsd(value)}
  </Text>
);

const columnsFor = (header: string): DataColumn<MarginRow>[] => [
  {
    key: 'name',
    header,
    cell: (r) => (
      <Text fw={600} size="sm">
        {r.name}
      </Text>
    ),
  },
  { key: 'labels', header: 'Labels', align: 'right', cell: (r) => r.labels.toLocaleString('en-US') },
  { key: 'revenue', header: 'Revenue', align: 'right', noWrap: true, cell: (r) => formatUsd(r.revenue) },
  { key: 'cost', header: 'Cost', align: 'right', noWrap: true, cell: (r) => formatUsd(r.cost) },
  { key: 'margin', header: 'Margin', align: 'right', noWrap: true, cell: (r) => money(r.margin) },
  {
    key: 'below',
    header: 'Below cost',
    align: 'right',
    cell: (r) =>
      r.belowCost > 0 ? (
        <Text span size="sm" c="red.8" fw={600}>
          {r.belowCost}
        </Text>
      ) : (
        <Text span size="sm" c="dimmed">
          0
        </Text>
      ),
  },
];
const TYPE_COLUMNS = columnsFor('Label type');
const PROVIDER_COLUMNS = columnsFor('Provider');

/** The day a number of days back from today, as the report's `from` and `to` take it (UTC). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const Figure = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Text>
  </Stack>
);

/** Overview's margins: per day as a chart, per label type as a table, and label types sold below cost. */
export function MarginsSection() {
  const { data, isPending, error, refetch } = useMargins();
  const download = useDownloadMarginReport();
  if (isPending) return <Skeleton h={320} radius="lg" />;
  if (error || !data)
    return (
      <Alert color="red" title="Could not load the margins">
        {errorMessage(error)}{' '}
        <Anchor component="button" size="sm" onClick={() => void refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  const days = fillDays(data.byDay, data.days, new Date());
  const sum = totals(data.byDay);
  const summary =
    `Margin per day for the last ${data.days} days: ${formatUsd(sum.margin)} on ${sum.labels} labels` +
    (sum.belowCost > 0 ? `, ${sum.belowCost} sold below cost` : '');
  return (
    <Stack gap="md" component="section" aria-labelledby="margins-heading">
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" align="flex-start" mb="md" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="md" id="margins-heading">
              Margin, last {MARGIN_DAYS} days
            </Title>
            <Text size="xs" c="dimmed">
              Labels bought from providers: what resellers paid minus what they cost us.
            </Text>
          </Stack>
          {sum.labels > 0 && (
            <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="lg">
              <Figure label="Revenue">{formatUsd(sum.revenue)}</Figure>
              <Figure label="Cost">{formatUsd(sum.cost)}</Figure>
              <Figure label="Margin">{money(sum.margin)}</Figure>
              <Figure label="Below cost">{sum.belowCost}</Figure>
              <Figure label="Saved by routing">{money(data.savedByRouting)}</Figure>
              <Figure label="Refused below margin">{data.refusedBelowMargin}</Figure>
            </SimpleGrid>
          )}
        </Group>
        {sum.labels === 0 ? (
          <Stack align="center" gap={4} py="xl" ta="center">
            <Text fw={600}>No labels bought from providers yet</Text>
            <Text size="sm" c="dimmed" maw={480}>
              Test-mode labels cost nothing, so they have no margin. Route a label type to a provider on{' '}
              <Anchor component={Link} to="/admin/label-types" size="sm">
                Label Types
              </Anchor>
              .
            </Text>
          </Stack>
        ) : (
          <MarginChart days={days} summary={summary} />
        )}
      </Paper>
      {data.costWarnings.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Cost above price">
          <Text size="sm" mb={4}>
            These label types cost more at some weight than their price there. Raise the price tier or route
            them to a cheaper provider.
          </Text>
          <List size="sm" spacing={2}>
            {data.costWarnings.map((w) => (
              <List.Item key={`${w.labelTypeId}-${w.weight}`}>
                <strong>{w.name}</strong> at weight {w.weight}: costs {formatUsd(w.cost)}, priced{' '}
                {formatUsd(w.price)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {sum.labels > 0 && (
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() =>
              download.mutate({ from: daysAgo(MARGIN_DAYS), to: daysAgo(0), groupBy: 'provider' })
            }
          >
            Download CSV for the books
          </Button>
        </Group>
      )}
      {sum.labels > 0 && (
        <DataTable
          label="Margin per provider"
          columns={PROVIDER_COLUMNS}
          rows={data.byProvider}
          rowKey={(r) => r.providerId}
          rowTestId="provider-margin-row"
          isLoading={false}
          minWidth={560}
          empty={<Text size="sm">No labels bought from providers.</Text>}
        />
      )}
      {sum.labels > 0 && (
        <DataTable
          label="Margin per label type"
          columns={TYPE_COLUMNS}
          rows={data.byLabelType}
          rowKey={(r) => r.labelTypeId}
          rowTestId="margin-row"
          isLoading={false}
          minWidth={560}
          empty={<Text size="sm">No label types bought from providers.</Text>}
        />
      )}
    </Stack>
  );
}
