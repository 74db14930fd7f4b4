import { ActionIcon, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../lib/notify';
import { useRegenerateApiKey } from '../api/api-key';

const mask = (key: string): string => `${key.slice(0, 6)}${'•'.repeat(24)}${key.slice(-4)}`;

/**
 * The reseller API key: masked until shown, copied in one click, regenerated after a confirmation.
 * Account Settings and the Reseller API page both show it.
 */
export function ApiKeyField({ apiKey }: { apiKey: string }) {
  const [isShown, setIsShown] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const regenerate = useRegenerateApiKey();
  const confirm = async () => {
    const result = await regenerate.mutateAsync().catch(() => null);
    setIsConfirming(false);
    if (!result) return;
    setIsShown(true);
    notifySuccess(result.message);
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Code data-testid="api-key" fz="sm" p="xs" style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {isShown ? apiKey : mask(apiKey)}
        </Code>
        <Tooltip label={isShown ? 'Hide key' : 'Show key'}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setIsShown((v) => !v)}
            aria-label={isShown ? 'Hide key' : 'Show key'}
          >
            {isShown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
          </ActionIcon>
        </Tooltip>
        <CopyButton value={apiKey}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy key'}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={copy}
                aria-label="Copy key"
                color={copied ? 'teal' : undefined}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={16} />}
          onClick={() => setIsConfirming(true)}
        >
          Regenerate key
        </Button>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Regenerate API key?"
        centered
      >
        <Stack>
          <Text size="sm">
            The current key stops working at once. Tools that use it will fail until you give them the new
            key.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button color="orange" loading={regenerate.isPending} onClick={() => void confirm()}>
              Regenerate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
