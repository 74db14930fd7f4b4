import { Code, Stack, Text, TextInput } from '@mantine/core';
import type { AuditEntryView } from '@portal/shared';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { FilterBar } from '../../../components/search-input';
import { PageNav } from '../../../components/page-nav';
import { usePagedList } from '../../../lib/use-paged-list';
import { useAudit, type AuditFilters } from '../api/audit';

const EMPTY: AuditFilters = { actor: '', action: '', targetId: '', from: '', to: '' };
const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
const wrapped = (text: string) => (
  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
    {text}
  </Text>
);

const COLUMNS: DataColumn<AuditEntryView>[] = [
  {
    key: 'when',
    header: 'When',
    noWrap: true,
    cell: (entry) =>
      new Date(entry.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  },
  { key: 'actor', header: 'Actor', cell: (entry) => entry.actor.discordId },
  { key: 'action', header: 'Action', cell: (entry) => <Code>{entry.action}</Code> },
  {
    key: 'target',
    header: 'Target',
    cell: (entry) => (
      <>
        <Text size="xs" c="dimmed">
          {entry.targetType}
        </Text>
        {wrapped(entry.targetId ?? '—')}
      </>
    ),
  },
  { key: 'before', header: 'Before', td: () => ({ maw: 220 }), cell: (entry) => wrapped(show(entry.before)) },
  { key: 'after', header: 'After', td: () => ({ maw: 260 }), cell: (entry) => wrapped(show(entry.after)) },
  { key: 'ip', header: 'From', cell: (entry) => <Text size="xs">{entry.ip ?? '—'}</Text> },
];

/** `/admin/audit`: every staff write, newest first, filtered by actor, action, target and date. */
export function AuditLogPage() {
  const list = usePagedList(EMPTY, { debounce: ['actor', 'action', 'targetId', 'from', 'to'] });
  const { data, isPending, error } = useAudit(list.query, list.page);
  const field = (name: keyof AuditFilters) => ({
    value: list.filters[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => list.setFilter(name, event.currentTarget.value),
  });
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every change staff made, who made it, and what it changed."
      />
      <Stack gap="md">
        <FilterBar>
          <TextInput label="Actor" placeholder="Discord name" {...field('actor')} />
          <TextInput label="Action" placeholder="e.g. adjust_balance" {...field('action')} />
          <TextInput label="Target id" placeholder="UUID" {...field('targetId')} />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
        </FilterBar>
        <DataTable
          label="Audit log"
          columns={COLUMNS}
          rows={data?.entries}
          rowTestId="audit-row"
          isLoading={isPending}
          error={error}
          minWidth={900}
          highlightOnHover={false}
          empty="No staff action matches these filters."
        />
        <PageNav {...list.nav} totalPages={data?.totalPages} label="Audit log pages" />
      </Stack>
    </>
  );
}
