import { Button, Group, Select, TextInput } from '@mantine/core';
import { ROLE_RANK, TEAM_ROLES, type TeamRole } from '@portal/shared';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useInvite } from '../api/team';

/** Invite by e-mail with a role no higher than the inviter's (only owners invite owners). */
export function InviteForm({ myRole }: { myRole: TeamRole }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('shipper');
  const invite = useInvite();
  const roles = TEAM_ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[myRole]);

  const send = async () => {
    try {
      const sent = await invite.mutateAsync({ email, role });
      notifySuccess(sent.message);
      setEmail('');
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Group align="end" wrap="wrap">
      <TextInput
        label="E-mail"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        placeholder="packer@example.com"
        w={280}
      />
      <Select
        label="Role"
        data={roles}
        value={role}
        onChange={(value) => value && setRole(value as TeamRole)}
        allowDeselect={false}
        w={140}
      />
      <Button onClick={send} loading={invite.isPending} disabled={!email}>
        Send invitation
      </Button>
    </Group>
  );
}
