import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMemberAccess, useResellerMembers } from '../api/members';

/** The reseller's team as staff see it: each member's role, and Disable member for one of them. */
export function TeamMembers({ userId }: { userId: string }) {
  const members = useResellerMembers(userId);
  const access = useMemberAccess();
  const rows = members.data?.members ?? [];
  const toggle = async (memberId: string, action: 'disable' | 'enable') => {
    try {
      notifySuccess((await access.mutateAsync({ memberId, action })).message);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Members
      </Title>
      {rows.length <= 1 && (
        <Text size="sm" c="dimmed">
          A team of one: the reseller has invited nobody.
        </Text>
      )}
      {rows.length > 1 && (
        <Table aria-label="Members">
          <Table.Tbody>
            {rows.map((member) => (
              <Table.Tr key={member._id} data-testid="console-member-row">
                <Table.Td>{member.username}</Table.Td>
                <Table.Td>{member.email ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{member.role}</Badge>
                </Table.Td>
                <Table.Td>
                  {member.disabled ? (
                    <Badge color="red">Disabled</Badge>
                  ) : (
                    <Badge color="green">Enabled</Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {member._id !== userId && (
                    <Button
                      size="xs"
                      variant="light"
                      color={member.disabled ? 'blue' : 'red'}
                      onClick={() => toggle(member._id, member.disabled ? 'enable' : 'disable')}
                    >
                      {member.disabled ? 'Enable member' : 'Disable member'}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
