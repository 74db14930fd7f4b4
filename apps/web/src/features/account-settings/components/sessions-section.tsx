import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useLogoutAll } from '../api/account-settings';
import { SettingsSection } from './settings-section';

export function SessionsSection() {
  const [isConfirming, setIsConfirming] = useState(false);
  const [regenerateApiKey, setRegenerateApiKey] = useState(false);
  const logoutAll = useLogoutAll();
  return (
    <SettingsSection
      title="Sessions"
      description="Signed in somewhere you no longer use? End every session, this one included."
    >
      <Group justify="flex-end">
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={16} />}
          onClick={() => setIsConfirming(true)}
        >
          Sign out everywhere
        </Button>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Sign out everywhere?"
        centered
      >
        <Stack>
          <Text size="sm">Every device, this one included, will need to sign in again.</Text>
          <Checkbox
            label="Also regenerate my API key"
            description="A stolen key keeps working after every session ends; the old key stops at once."
            checked={regenerateApiKey}
            onChange={(event) => setRegenerateApiKey(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={logoutAll.isPending}
              onClick={() => logoutAll.mutate({ regenerateApiKey })}
            >
              Sign out everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
