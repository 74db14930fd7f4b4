import { Alert, Button, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { ROLE_RANK, TEAM_ROLES, type TeamRole } from '@portal/shared';
import { useState } from 'react';
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
      <Table aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(keys.data?.keys ?? []).map((key) => (
            <Table.Tr key={key._id} data-testid="team-key-row">
              <Table.Td>
                {key.name}{' '}
                <Text span size="xs" c="dimmed">
                  {key.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>{key.role}</Table.Td>
              <Table.Td>{key.member.username}</Table.Td>
              <Table.Td>{key.lastUsedAt ? new Date(key.lastUsedAt).toLocaleString() : 'Never'}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red" onClick={() => revokeKey(key._id)}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
