import { Badge, Stack, Text } from '@mantine/core';
import { formatUsd, type AdminUserSummary } from '@portal/shared';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PageNav } from '../../../components/page-nav';
import { StatusBadge } from '../../../components/status-badge';
import { enabledStyle } from '../../../lib/status-styles';
import { usePagedList } from '../../../lib/use-paged-list';
import { useResellers } from '../api/resellers';
import { FilterBar, SearchInput } from '../../../components/search-input';

const COLUMNS: DataColumn<AdminUserSummary>[] = [
  {
    key: 'discordId',
    header: 'Discord Name',
    cell: (user) => (
      <>
        <Text component={Link} to={`/admin/resellers/${user._id}`} fw={600} size="sm" td="underline">
          {user.discordId}
        </Text>
        {user.role === 'admin' && (
          <Badge ml={6} size="xs" color="grape" variant="light">
            Staff
          </Badge>
        )}
      </>
    ),
  },
  { key: 'name', header: 'Name', cell: (user) => user.username },
  { key: 'email', header: 'E-mail', cell: (user) => user.email ?? '—' },
  { key: 'balance', header: 'Balance', align: 'right', cell: (user) => formatUsd(user.balance) },
  {
    key: 'orders',
    header: 'Orders',
    align: 'right',
    cell: (user) => user.orderCount.toLocaleString('en-US'),
  },
  {
    key: 'created',
    header: 'Created',
    noWrap: true,
    cell: (user) => new Date(user.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' }),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (user) => (
      <StatusBadge
        statusStyle={enabledStyle(user.enabled)}
        status={user.enabled ? 'enabled' : 'disabled'}
        pill
      />
    ),
  },
];

/** `/admin/resellers`: every account, searchable by Discord name, name or e-mail. */
export function ResellersPage() {
  const list = usePagedList({ search: '' }, { debounce: ['search'] });
  const { search } = list.query;
  const { data, isPending, error } = useResellers({ search, page: list.page });
  return (
    <>
      <PageHeader title="Resellers" description="Find a reseller to see their balance, ledger and access." />
      <Stack gap="md">
        <FilterBar>
          <SearchInput
            label="Search"
            placeholder="Discord name, name or e-mail"
            value={list.filters.search}
            onChange={(text) => list.setFilter('search', text)}
            maw={420}
          />
        </FilterBar>
        <DataTable
          label="Resellers"
          columns={COLUMNS}
          rows={data?.users}
          rowTestId="reseller-row"
          isLoading={isPending}
          error={error}
          minWidth={760}
          empty={search ? `No reseller matches “${search}”.` : 'No resellers yet.'}
        />
        <PageNav {...list.nav} totalPages={data?.totalPages} label="Resellers pages" />
      </Stack>
    </>
  );
}
