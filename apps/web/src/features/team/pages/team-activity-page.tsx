import { Alert, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { TEAM_ACTIONS, type TeamAction } from '@portal/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/notify';
import { useTeam, useTeamActivity, type ActivityFilters } from '../api/team';

const ACTION_LABELS: Record<TeamAction, string> = {
  'order.created': 'Order bought',
  'bulk_order.created': 'Bulk order bought',
  'deposit.created': 'Deposit raised',
  'address.created': 'Address added',
  'address.updated': 'Address changed',
  'address.deleted': 'Address deleted',
  'key.created': 'API key made',
  'key.revoked': 'API key revoked',
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.updated': 'Member changed',
  'member.removed': 'Member removed',
  'invitation.revoked': 'Invitation revoked',
  'team.settings': 'Sign-in rule changed',
};

/** `/team/activity`: who did what in the team, newest first, filtered by member and action. */
export function TeamActivityPage() {
  const [filters, setFilters] = useState<ActivityFilters>({ member: '', action: '', page: 1 });
  const activity = useTeamActivity(filters);
  const team = useTeam();
  const members = (team.data?.members ?? []).map((m) => ({ value: m._id, label: m.username }));

  return (
    <Stack gap="md">
      <PageHeader title="Team activity" description="Purchases, deposits, addresses, keys and members." />
      <Group>
        <Select
          label="Member"
          placeholder="Everyone"
          data={members}
          value={filters.member || null}
          onChange={(member) => setFilters({ ...filters, member: member ?? '', page: 1 })}
          clearable
          w={220}
        />
        <Select
          label="Action"
          placeholder="Every action"
          data={TEAM_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }))}
          value={filters.action || null}
          onChange={(action) =>
            setFilters({ ...filters, action: (action ?? '') as TeamAction | '', page: 1 })
          }
          clearable
          w={220}
        />
      </Group>
      {activity.error && <Alert color="red">{errorMessage(activity.error)}</Alert>}
      <Table aria-label="Team activity" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(activity.data?.activity ?? []).map((row) => (
            <Table.Tr key={row._id} data-testid="activity-row">
              <Table.Td>{new Date(row.createdAt).toLocaleString()}</Table.Td>
              <Table.Td>
                {row.member?.username ?? '—'}
                {row.apiKey && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    with key {row.apiKey.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{ACTION_LABELS[row.action]}</Table.Td>
              <Table.Td>{row.summary}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {activity.data && activity.data.activity.length === 0 && (
        <Text c="dimmed" ta="center">
          Nothing recorded yet.
        </Text>
      )}
      {(activity.data?.totalPages ?? 1) > 1 && (
        <Pagination
          total={activity.data!.totalPages}
          value={filters.page}
          onChange={(page) => setFilters({ ...filters, page })}
        />
      )}
    </Stack>
  );
}
