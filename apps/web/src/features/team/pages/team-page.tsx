import { Alert, Button, Skeleton, Stack, Switch } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCan, useTeamRole } from '../../../lib/team-role';
import { useTeam, useTeamSettings } from '../api/team';
import { InvitationsList } from '../components/invitations-list';
import { InviteForm } from '../components/invite-form';
import { MembersTable } from '../components/members-table';
import { TeamKeys } from '../components/team-keys';

/**
 * The team's sign-in rule, and whom it holds back: a member without a second factor must turn one on before
 * anything else, and their API keys are refused meanwhile (decision 326). Said before the owner turns it
 * on, and while it is on; the reader is "you".
 */
function SecondFactorRule({
  required,
  without,
  onChange,
}: {
  required: boolean;
  without: string[];
  onChange: (required: boolean) => void;
}) {
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(without);
  return (
    <Stack gap="xs">
      <Switch
        label="Require a second factor for every member"
        description={
          !required && without.length > 0
            ? `Turning this on asks ${names} to turn on two-factor sign-in before anything else, and refuses their API keys until then.`
            : undefined
        }
        checked={required}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {required && without.length > 0 && (
        <Alert color="yellow" title="Waiting for a second factor" data-testid="second-factor-waiting">
          {`Two-factor sign-in comes first for ${names}: until it is on, nothing else opens and their API keys are refused.`}
        </Alert>
      )}
    </Stack>
  );
}

/** `/team`: members and their roles and limits, invitations, keys per member and the sign-in rule. */
export function TeamPage() {
  const team = useTeam();
  const me = useSession().data;
  const role = useTeamRole();
  const canManage = useCan('members.manage');
  const canKeys = useCan('keys.manage');
  const canActivity = useCan('activity.read');
  const canSecurity = useCan('team.security');
  const settings = useTeamSettings();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Team"
        description={
          team.data ? `The people of ${team.data.team.name}, their roles, limits and keys.` : undefined
        }
        actions={
          canActivity && (
            <Button component={Link} to="/team/activity" variant="light">
              Team activity
            </Button>
          )
        }
      />
      {team.error && <Alert color="red">{errorMessage(team.error)}</Alert>}
      {!team.data ? (
        <Skeleton h={200} />
      ) : (
        <>
          <SectionCard title="Members">
            <MembersTable
              members={team.data.members}
              accountId={team.data.team._id}
              myId={me?._id ?? ''}
              myRole={role}
              canManage={canManage}
            />
            {canSecurity && (
              <SecondFactorRule
                required={me?.team?.requireTwoFactor ?? false}
                without={team.data.members
                  .filter((m) => !m.twoFactorEnabled)
                  .map((m) => (m._id === me?._id ? 'you' : m.username))}
                onChange={(required) => settings.mutateAsync(required).catch(notifyError)}
              />
            )}
          </SectionCard>
          {canManage && (
            <SectionCard title="Invitations">
              <InviteForm myRole={role} />
              <InvitationsList invitations={team.data.invitations} canManage={canManage} />
            </SectionCard>
          )}
          {canKeys && (
            <SectionCard title="API keys">
              <TeamKeys myRole={role} />
            </SectionCard>
          )}
        </>
      )}
    </Stack>
  );
}
