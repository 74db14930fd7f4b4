import { Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { TwoFactorEnrolment } from '../../components/two-factor-enrolment';
import { queryKeys } from '../../lib/query-keys';

/** What staff without a second factor see at `/admin`: its setup, then the console. */
export function StaffTwoFactorSetup() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader
        title="Set up two-factor sign-in"
        description="The staff console moves money: staff sign in with a password and a code from their phone."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="md">
          <Text size="sm">
            Set it up once; after that, signing in asks for the 6-digit code your authenticator app shows.
          </Text>
          <TwoFactorEnrolment
            onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.session })}
          />
        </Stack>
      </Paper>
    </>
  );
}
