import { Group, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { Ref } from 'react';

/** Where a hosted invisible captcha mounts, plus a quiet note that submissions are bot-checked. */
export function CaptchaSlot({ containerRef }: { containerRef: Ref<HTMLDivElement> }) {
  return (
    <>
      <div ref={containerRef} data-testid="captcha-container" />
      <Group gap={6} justify="center" wrap="nowrap">
        <IconShieldCheck size={14} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="xs" c="dimmed">
          Protected by an automatic bot check
        </Text>
      </Group>
    </>
  );
}
