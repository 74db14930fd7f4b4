import { Text } from '@mantine/core';
import { useUnusedLabels } from '../api/account-settings';
import { SettingsSection } from './settings-section';

/** Shown only while staff have turned the unused-labels void on: what happens to a label never scanned. */
export function UnusedLabelsSection() {
  const { data } = useUnusedLabels();
  if (!data?.enabled || data.days === null) return null;
  const days = data.days === 1 ? '1 day' : `${data.days} days`;
  return (
    <SettingsSection
      title="Unused labels"
      description="Labels you bought but never shipped are refunded for you."
    >
      <Text size="sm" data-testid="unused-labels-setting">
        A label the carrier has not scanned {days} after its purchase is voided at the carrier, and its price
        comes back to your balance once the carrier confirms the void. A label that was scanned is never
        voided.
      </Text>
    </SettingsSection>
  );
}
