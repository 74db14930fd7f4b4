import { Badge, Button, NumberInput, Select, Table, Text } from '@mantine/core';
import { ROLE_RANK, TEAM_ROLES, type TeamMemberView, type TeamRole } from '@portal/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLeaveTeam, useRemoveMember, useUpdateMember } from '../api/team';

type MembersTableProps = {
  members: TeamMemberView[];
  /** The account's own row: its member cannot be removed. */
  accountId: string;
  myId: string;
  myRole: TeamRole;
  canManage: boolean;
};

const lastSeen = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** The team's members: role, daily limit, second factor, last sign-in; owners and admins change them. */
export function MembersTable({ members, accountId, myId, myRole, canManage }: MembersTableProps) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const leave = useLeaveTeam();
  // Only owners touch owners; nobody gives a role above their own.
  const mayChange = (member: TeamMemberView) => canManage && (member.role !== 'owner' || myRole === 'owner');
  const roles = TEAM_ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[myRole]);

  const save = async (id: string, change: { role?: TeamRole; dailyLimit?: number | null }) => {
    try {
      await update.mutateAsync({ id, ...change });
      notifySuccess('Member updated');
    } catch (error) {
      notifyError(error);
    }
  };
  const removeMember = async (member: TeamMemberView) => {
    const isMe = member._id === myId;
    const question = isMe
      ? 'Leave the team? You are signed out and your keys of it end.'
      : `Remove ${member.username} from the team? Their sessions and keys end at once.`;
    if (!window.confirm(question)) return;
    try {
      if (isMe) {
        await leave.mutateAsync();
        // The session ended with the membership: the next check signs this browser out.
        window.location.assign('/');
        return;
      }
      await remove.mutateAsync(member._id);
      notifySuccess(`${member.username} was removed`);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Daily limit</Table.Th>
            <Table.Th>Second factor</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member._id} data-testid="member-row" data-username={member.username}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {member.username}
                  {member._id === myId ? ' (you)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {member.email ?? 'No e-mail added'}
                </Text>
              </Table.Td>
              <Table.Td>
                {mayChange(member) ? (
                  <Select
                    aria-label={`Role of ${member.username}`}
                    data={member.role === 'owner' || myRole === 'owner' ? TEAM_ROLES : roles}
                    value={member.role}
                    onChange={(role) =>
                      role && role !== member.role && save(member._id, { role: role as TeamRole })
                    }
                    allowDeselect={false}
                    w={120}
                    size="xs"
                  />
                ) : (
                  <Badge variant="light">{member.role}</Badge>
                )}
              </Table.Td>
              <Table.Td>
                {mayChange(member) ? (
                  <NumberInput
                    aria-label={`Daily limit of ${member.username}`}
                    placeholder="No limit"
                    prefix="$"
                    min={0}
                    decimalScale={2}
                    defaultValue={member.dailyLimit ?? ''}
                    onBlur={(e) => {
                      const text = e.currentTarget.value.replace(/[$,]/g, '');
                      const dailyLimit = text === '' ? null : Number(text);
                      if (dailyLimit !== member.dailyLimit) void save(member._id, { dailyLimit });
                    }}
                    w={120}
                    size="xs"
                  />
                ) : (
                  <Text size="sm">
                    {member.dailyLimit === null ? 'No limit' : `$${member.dailyLimit.toFixed(2)}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={member.twoFactorEnabled ? 'green' : 'gray'} variant="light">
                  {member.twoFactorEnabled ? 'On' : 'Off'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{lastSeen(member.lastSeenAt)}</Text>
              </Table.Td>
              <Table.Td>
                {member._id !== accountId && (mayChange(member) || member._id === myId) && (
                  <Button size="xs" variant="light" color="red" onClick={() => removeMember(member)}>
                    {member._id === myId ? 'Leave' : 'Remove'}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
