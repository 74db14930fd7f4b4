import { Alert, Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { ROLE_RANK, TEAM_ROLES, type TeamApiKeyView, type TeamRole } from '@portal/shared';
import { useState } from 'react';
import { actionsColumn, DataTable, type DataColumn } from '../../../components/data-table';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateTeamKey, useRevokeTeamKey, useTeamKeys } from '../api/team';

/** API keys per member: each with a role no higher than its member's, shown once, its last use listed. */
export function TeamKeys({ myRole }: { myRole: TeamRole }) {
  const keys = useTeamKeys(true);
  const create = useCreateTeamKey();
  const revoke = useRevokeTeamKey();
  const [name, setName] = useState('');
  const [role, setRole] = useState<TeamRole>('viewer');
  const [created, setCreated] = useState<string | null>(null);
  const roles = TEAM_ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[myRole]);

  const make = async () => {
    try {
      const answer = await create.mutateAsync({ name, role });
      setCreated(answer.apiKey);
      setName('');
    } catch (error) {
      notifyError(error);
    }
  };
  const revokeKey = async (id: string) => {
    try {
      notifySuccess((await revoke.mutateAsync(id)).message);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataColumn<TeamApiKeyView>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (key) => (
        <>
          {key.name}{' '}
          <Text span size="xs" c="dimmed">
            {key.prefix}…
          </Text>
        </>
      ),
    },
    { key: 'role', header: 'Role', cell: (key) => key.role },
    { key: 'member', header: 'Member', cell: (key) => key.member.username },
    {
      key: 'lastUsed',
      header: 'Last used',
      cell: (key) => (key.lastUsedAt ? new Date(key.lastUsedAt).toLocaleString() : 'Never'),
    },
    actionsColumn((key) => (
      <Button size="xs" variant="light" color="red" onClick={() => revokeKey(key._id)}>
        Revoke
      </Button>
    )),
  ];

  return (
    <Stack gap="sm">
      <Group align="end" wrap="wrap">
        <TextInput label="Key name" value={name} onChange={(e) => setName(e.currentTarget.value)} w={220} />
        <Select
          label="Key role"
          data={roles}
          value={role}
          onChange={(value) => value && setRole(value as TeamRole)}
          allowDeselect={false}
          w={140}
        />
        <Button onClick={make} loading={create.isPending} disabled={!name.trim()}>
          Create key
        </Button>
      </Group>
      {created && (
        <Alert
          color="green"
          title="Copy the key now: it is shown once"
          withCloseButton
          onClose={() => setCreated(null)}
        >
          <Code block data-testid="new-team-key">
            {created}
          </Code>
        </Alert>
      )}
      <DataTable
        label="API keys"
        look="panel"
        columns={columns}
        rows={keys.data?.keys}
        rowTestId="team-key-row"
        isLoading={keys.isPending}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        minWidth={560}
        empty={
          <>
            <Text fw={600}>No API keys yet</Text>
            <Text size="sm" c="dimmed" maw={420}>
              Name a key and choose its role above, then Create key. The key is shown once: copy it into the
              program that buys labels for the team.
            </Text>
          </>
        }
      />
    </Stack>
  );
}
