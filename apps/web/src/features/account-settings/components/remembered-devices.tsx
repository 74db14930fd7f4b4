import { Button, Group, Stack, Text } from '@mantine/core';
import type { TwoFactorDevice } from '@portal/shared';
import { ErrorAlert } from '../../../components/error-alert';
import { notifySuccess } from '../../../lib/notify';
import { useForgetRememberedDevice, useRememberedDevices } from '../api/two-factor';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The browsers that skip the code for 30 days ("Remember this device"), each with when it was remembered
 * and last used, and a Forget button: that browser is asked for a code at its next sign-in.
 */
export function RememberedDevices() {
  const devices = useRememberedDevices();
  const forget = useForgetRememberedDevice();
  if (devices.isError) return <ErrorAlert error={devices.error} />;
  if (!devices.data) return null;
  return (
    <Stack gap="xs" aria-label="Remembered devices" role="group">
      <Text size="sm" fw={600}>
        Remembered devices
      </Text>
      {devices.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No device skips the code. Tick &ldquo;Remember this device for 30 days&rdquo; when you sign in to
          add one.
        </Text>
      ) : (
        devices.data.map((device) => (
          <DeviceRow
            key={device._id}
            device={device}
            isForgetting={forget.isPending && forget.variables === device._id}
            onForget={() =>
              forget.mutate(device._id, { onSuccess: (result) => notifySuccess(result.message) })
            }
          />
        ))
      )}
      <ErrorAlert error={forget.error} />
    </Stack>
  );
}

function DeviceRow({
  device,
  isForgetting,
  onForget,
}: {
  device: TwoFactorDevice;
  isForgetting: boolean;
  onForget: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="remembered-device">
      <div>
        <Text size="sm">{device.browser}</Text>
        <Text size="xs" c="dimmed">
          Remembered {dateOf(device.createdAt)} · Last used{' '}
          {device.lastUsedAt ? dateOf(device.lastUsedAt) : 'not yet'}
        </Text>
      </div>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={isForgetting}
        onClick={onForget}
        aria-label={`Forget ${device.browser}`}
      >
        Forget
      </Button>
    </Group>
  );
}
