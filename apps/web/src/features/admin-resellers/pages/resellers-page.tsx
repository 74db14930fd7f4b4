import { Alert, Badge, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatUsd } from '@portal/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { errorMessage } from '../../../lib/notify';
import { useResellers } from '../api/resellers';

/** `/admin/resellers`: every account, searchable by Discord name, name or e-mail. */
export function ResellersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { data, isPending, error } = useResellers({ search: debounced, page });
  return (
    <>
      <PageHeader title="Resellers" description="Find a reseller to see their balance, ledger and access." />
      <Stack gap="md">
        <TextInput
          label="Search"
          placeholder="Discord name, name or e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={420}
        />
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={760} aria-label="Resellers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Discord Name</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th ta="right">Orders</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.users ?? []).map((user) => (
                  <Table.Tr key={user._id} data-testid="reseller-row">
                    <Table.Td>
                      <Text
                        component={Link}
                        to={`/admin/resellers/${user._id}`}
                        fw={600}
                        size="sm"
                        td="underline"
                      >
                        {user.discordId}
                      </Text>
                      {user.role === 'admin' && (
                        <Badge ml={6} size="xs" color="grape" variant="light">
                          Staff
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{user.username}</Table.Td>
                    <Table.Td>{user.email ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatUsd(user.balance)}</Table.Td>
                    <Table.Td ta="right">{user.orderCount.toLocaleString('en-US')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={user.enabled ? 'teal' : 'red'} variant="light" tt="none">
                        {user.enabled ? 'Enabled' : 'Disabled'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {!isPending && data?.users.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              {debounced ? `No reseller matches “${debounced}”.` : 'No resellers yet.'}
            </Text>
          )}
          {isPending && (
            <Text c="dimmed" size="sm" ta="center" py="xl" role="status">
              Loading resellers…
            </Text>
          )}
        </Paper>
        {data && data.totalPages > 1 && (
          <PageNav page={page} totalPages={data.totalPages} onPage={setPage} label="Resellers pages" />
        )}
      </Stack>
    </>
  );
}
