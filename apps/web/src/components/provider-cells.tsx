import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CodeText } from './code-text';
import { StatusBadge } from './status-badge';
import { LABEL_TYPE_STATUS_STYLE } from '../lib/status-styles';

type NameProps = { name: string; mode: 'live' | 'test'; children: ReactNode };

/** A provider's name with its Live or Test badge, and the lines under it (kind, methods, address). */
export function ProviderNameCell({ name, mode, children }: NameProps) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={mode === 'live' ? 'grape' : 'orange'}
          tt="none"
          style={{ flexShrink: 0, minWidth: 'max-content' }}
        >
          {mode === 'live' ? 'Live' : 'Test'}
        </Badge>
      </Group>
      {children}
    </Stack>
  );
}

/** The last characters of a stored key: all a page ever shows of it. */
export const KeyHint = ({ hint }: { hint: string }) => (
  <CodeText aria-label={`Key ending in ${hint}`}>…{hint}</CodeText>
);

/** Enabled or Disabled, as a pill. */
export const EnabledBadge = ({ enabled }: { enabled: boolean }) => (
  <StatusBadge
    statusStyle={LABEL_TYPE_STATUS_STYLE[enabled ? 'enabled' : 'disabled']}
    status={enabled ? 'enabled' : 'disabled'}
    pill
  />
);
