import { Button, Group, Table, Text } from '@mantine/core';
import type { InvitationView } from '@portal/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendInvitation, useRevokeInvitation } from '../api/team';

/** Open invitations: resend (a new link, the old one stops working) or revoke. */
export function InvitationsList({
  invitations,
  canManage,
}: {
  invitations: InvitationView[];
  canManage: boolean;
}) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notifySuccess((await action()).message);
    } catch (error) {
      notifyError(error);
    }
  };
  if (invitations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No open invitations.
      </Text>
    );
  return (
    <Table aria-label="Invitations">
      <Table.Tbody>
        {invitations.map((invitation) => (
          <Table.Tr key={invitation._id} data-testid="invitation-row">
            <Table.Td>{invitation.email}</Table.Td>
            <Table.Td>{invitation.role}</Table.Td>
            <Table.Td>Expires {new Date(invitation.expiresAt).toLocaleString()}</Table.Td>
            <Table.Td>
              {canManage && (
                <Group gap="xs" justify="end">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => run(() => resend.mutateAsync(invitation._id))}
                  >
                    Resend
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => run(() => revoke.mutateAsync(invitation._id))}
                  >
                    Revoke
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
