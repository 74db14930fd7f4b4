import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { forgetInvite, pendingInvite } from '../../../lib/team-invite';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvitation } from '../api/team';

/** `/team/join?token=`: the invitation link; the signed-in person joins the team that sent it. */
export function JoinTeamPage() {
  useDocumentTitle('Join a team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? pendingInvite();
  const user = useSession().data;
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  // The link is in hand: a later visit to the app does not bring it back.
  useEffect(() => forgetInvite(), []);

  const join = async () => {
    if (!token) return;
    const joined = await accept.mutateAsync(token).catch(() => null);
    if (!joined) return;
    notifySuccess(joined.message);
    void navigate('/', { replace: true });
  };

  return (
    <Paper withBorder radius="lg" p="xl" maw={520} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} fz="h3">
          Join a team
        </Title>
        {token ? (
          <Text>
            You are signed in as <b>{user?.username}</b>. Joining shares the team&apos;s balance, orders and
            addresses with you, with the role the invitation gives.
          </Text>
        ) : (
          <Alert color="red">This link has no invitation in it. Open the link from the e-mail again.</Alert>
        )}
        {accept.error && (
          <Alert color="red" role="alert">
            {errorMessage(accept.error)}
          </Alert>
        )}
        <Group>
          <Button onClick={join} loading={accept.isPending} disabled={!token}>
            Join team
          </Button>
          <Button variant="default" onClick={() => void navigate('/')}>
            Not now
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
