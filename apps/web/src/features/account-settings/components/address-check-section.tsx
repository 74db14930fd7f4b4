import { Radio, Skeleton, Stack } from '@mantine/core';
import { ADDRESS_CHECK_MODES, type AddressCheckMode } from '@portal/shared';
import { notifySuccess } from '../../../lib/notify';
import { useAddressCheck, useUpdateAddressCheck } from '../api/account-settings';
import { SettingsSection } from './settings-section';

const LABELS: Record<AddressCheckMode, { label: string; description: string }> = {
  confirm: {
    label: 'Warn me and wait for "Buy anyway"',
    description: 'A ZIP that does not match its city or state stops the purchase until you confirm it.',
  },
  correct: {
    label: 'Correct city and state from the ZIP',
    description:
      'The USPS city and state of the ZIP replace what was typed, and you are told what changed. An address it cannot correct (a ZIP USPS does not list) waits for "Buy anyway".',
  },
  off: { label: 'Off', description: 'Buy every address as typed, without checking it.' },
};

/** The reseller's address check (issue 38): confirm (default), correct or off. */
export function AddressCheckSection() {
  const setting = useAddressCheck();
  const update = useUpdateAddressCheck();
  return (
    <SettingsSection
      title="Address check"
      description="Every order's ZIP, city and state are checked against the USPS ZIP list before it is bought."
    >
      {setting.data ? (
        <Radio.Group
          value={setting.data.addressCheck}
          onChange={(value) =>
            update.mutate(value as AddressCheckMode, { onSuccess: (a) => notifySuccess(a.message) })
          }
          aria-label="Address check"
        >
          <Stack gap="sm">
            {ADDRESS_CHECK_MODES.map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={LABELS[mode].label}
                description={LABELS[mode].description}
                disabled={update.isPending}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Skeleton h={120} />
      )}
    </SettingsSection>
  );
}
