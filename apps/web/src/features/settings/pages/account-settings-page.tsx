import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/settings`: replaced by the settings feature when it ships. */
export function AccountSettingsPage() {
  return <PagePlaceholder title="Account Setting" description="Your e-mail, password and API key." />;
}
