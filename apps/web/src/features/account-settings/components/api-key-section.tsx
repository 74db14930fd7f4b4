import { ApiKeyField } from '../../../components/api-key-field';
import { SettingsSection } from './settings-section';

/** The reseller API key in Account Settings. */
export function ApiKeySection({ apiKey }: { apiKey: string }) {
  return (
    <SettingsSection
      title="API key"
      description="Send it in the x-api-key header of Reseller API calls. Keep it secret."
    >
      <ApiKeyField apiKey={apiKey} />
    </SettingsSection>
  );
}
