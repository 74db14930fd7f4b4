import { Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { AddressCheckSection } from '../components/address-check-section';
import { ApiKeySection } from '../components/api-key-section';
import { EmailSection } from '../components/email-section';
import { LabelFormatSection } from '../components/label-format-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';
import { UnusedLabelsSection } from '../components/unused-labels-section';
import { WebhooksSection } from '../components/webhooks-section';
import { useCan } from '../../../lib/team-role';

/** `/settings` (the header's Account Setting): profile, e-mail, password, API key, sessions. */
export function AccountSettingsPage() {
  const session = useSession();
  const user = session.data;
  // The account's settings and key are for the roles that may change them (issue 45).
  const canSettings = useCan('settings.write');
  const canKeys = useCan('keys.manage');
  const canWebhooks = useCan('webhooks.manage');
  return (
    <>
      <PageHeader title="Account Setting" description="Your name, email, password and API key." />
      {user ? (
        <Stack gap="lg" maw={880}>
          <ProfileSection username={user.username} discordId={user.discordId} />
          <EmailSection />
          <PasswordSection />
          {canSettings && <AddressCheckSection />}
          <TwoFactorSection />
          {canSettings && <LabelFormatSection />}
          <UnusedLabelsSection />
          {canKeys && user.api_key && <ApiKeySection apiKey={user.api_key} />}
          {canWebhooks && <WebhooksSection />}
          <SessionsSection />
        </Stack>
      ) : (
        <Skeleton h={320} radius="lg" />
      )}
    </>
  );
}
