import { Alert, Code, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage } from '../../../lib/notify';
import { useAudit, type AuditFilters } from '../api/audit';

const EMPTY: AuditFilters = { actor: '', action: '', targetId: '', from: '', to: '' };
const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** `/admin/audit`: every staff write, newest first, filtered by actor, action, target and date. */
export function AuditLogPage() {
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filters, 300);
  const { data, isPending, error } = useAudit(debounced, page);
  const field = (name: keyof AuditFilters) => ({
    value: filters[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(1);
    },
  });
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every change staff made, who made it, and what it changed."
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          <TextInput label="Actor" placeholder="Discord name" {...field('actor')} />
          <TextInput label="Action" placeholder="e.g. adjust_balance" {...field('action')} />
          <TextInput label="Target id" placeholder="UUID" {...field('targetId')} />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
        </SimpleGrid>
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table striped verticalSpacing="sm" miw={900} aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Actor</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                  <Table.Th>From</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.entries ?? []).map((entry) => (
                  <Table.Tr key={entry._id} data-testid="audit-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {new Date(entry.createdAt).toLocaleString('en-US', {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </Table.Td>
                    <Table.Td>{entry.actor.discordId}</Table.Td>
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {entry.targetType}
                      </Text>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {entry.targetId ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {show(entry.before)}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {show(entry.after)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{entry.ip ?? '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {!isPending && data?.entries.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              No staff action matches these filters.
            </Text>
          )}
        </Paper>
        {data && data.totalPages > 1 && (
          <PageNav page={page} totalPages={data.totalPages} onPage={setPage} label="Audit log pages" />
        )}
      </Stack>
    </>
  );
}
