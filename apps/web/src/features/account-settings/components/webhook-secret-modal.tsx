import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The signing secret, shown once (after create or regenerate) with a copy button. */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Signing secret" centered>
      <Stack>
        <Text size="sm">
          Copy it now: it is not shown again. Verify each request&apos;s <Code>webhook-signature</Code> with
          it (Standard Webhooks, HMAC-SHA256).
        </Text>
        <Code block data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
