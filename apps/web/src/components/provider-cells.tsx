import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CodeText } from './code-text';
import { TestConnectionButton } from './connection-test';
import type { DataColumn } from './data-table';
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

/** The Provider column: name and mode, and the page's own lines under them. */
export const providerNameColumn = <T extends { name: string; mode: 'live' | 'test' }>(
  details: (row: T) => ReactNode,
): DataColumn<T> => ({
  key: 'name',
  header: 'Provider',
  cell: (p) => (
    <ProviderNameCell name={p.name} mode={p.mode}>
      {details(p)}
    </ProviderNameCell>
  ),
});

/** The last characters of a stored key: all a page ever shows of it. */
export const KeyHint = ({ hint }: { hint: string }) => (
  <CodeText aria-label={`Key ending in ${hint}`}>…{hint}</CodeText>
);

/** The key column: its last characters under the page's own heading ("Key", "API key"). */
export const keyHintColumn = <T extends { credentialHint: string }>(header: string): DataColumn<T> => ({
  key: 'key',
  header,
  noWrap: true,
  cell: (p) => <KeyHint hint={p.credentialHint} />,
});

type ActionsProps = {
  name: string;
  testLabel: string;
  testing: boolean;
  onTest: () => void;
  onEdit: () => void;
  /** The page's own way to delete, last in the row. */
  children: ReactNode;
};

/** A provider row's buttons: test its connection, edit it, then delete it. */
export function ProviderActions({ name, testLabel, testing, onTest, onEdit, children }: ActionsProps) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <TestConnectionButton name={name} loading={testing} onClick={onTest}>
        {testLabel}
      </TestConnectionButton>
      <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {children}
    </Group>
  );
}

/** Enabled or Disabled, as a pill. */
export const EnabledBadge = ({ enabled }: { enabled: boolean }) => (
  <StatusBadge
    statusStyle={LABEL_TYPE_STATUS_STYLE[enabled ? 'enabled' : 'disabled']}
    status={enabled ? 'enabled' : 'disabled'}
    pill
  />
);
