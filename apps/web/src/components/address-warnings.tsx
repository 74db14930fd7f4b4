import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { addressSuggestionLabel, addressWarningText, type AddressWarning } from '@portal/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The address check's doubts, each in the reseller's words ("Row 2, To address: ZIP ..."). */
export function AddressWarningList({
  warnings,
  'aria-label': label,
}: {
  warnings: readonly AddressWarning[];
  'aria-label'?: string;
}) {
  return (
    <List size="sm" spacing={6} aria-label={label}>
      {warnings.map((w, i) => (
        <List.Item key={`${w.row ?? ''}-${w.field}-${i}`} style={{ overflowWrap: 'anywhere' }}>
          {addressWarningText(w)}
        </List.Item>
      ))}
    </List>
  );
}

type AddressWarningsProps = {
  warnings: readonly AddressWarning[];
  /** Puts a warning's suggestion into the form ("Use New York, NY"); absent where there is no form. */
  onUse?: ((warning: AddressWarning) => void) | undefined;
  /** Go on with the addresses as typed ("Buy anyway"); absent where there is nothing to confirm. */
  onConfirm?: (() => void) | undefined;
  confirmLabel?: string;
  isConfirming?: boolean;
  title?: string;
  /** A line above the list, e.g. that the address is saved as typed. */
  description?: ReactNode;
};

/**
 * One amber panel for the address check, the same on every screen that checks an address: each doubt
 * in the reseller's words, then "Use ..." for each suggestion beside "Buy anyway".
 */
export function AddressWarnings({
  warnings,
  onUse,
  onConfirm,
  confirmLabel = 'Buy anyway',
  isConfirming = false,
  title = 'Check the addresses',
  description,
}: AddressWarningsProps) {
  if (warnings.length === 0) return null;
  const uses = onUse
    ? warnings.flatMap((w) => {
        const label = w.corrected ? null : addressSuggestionLabel(w);
        return label ? [{ w, label }] : [];
      })
    : [];
  return (
    <Alert color="yellow" variant="light" title={title} role="alert" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="sm">
        {description && <Text size="sm">{description}</Text>}
        <AddressWarningList warnings={warnings} />
        {(uses.length > 0 || onConfirm) && (
          <Group gap="sm">
            {uses.map(({ w, label }, i) => (
              <Button key={`${w.field}-${i}`} color="yellow" variant="filled" onClick={() => onUse?.(w)}>
                {label}
              </Button>
            ))}
            {onConfirm && (
              <Button
                color="yellow.9"
                variant={uses.length > 0 ? 'outline' : 'filled'}
                onClick={onConfirm}
                loading={isConfirming}
              >
                {confirmLabel}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
